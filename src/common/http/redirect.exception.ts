/**
 * Ends a page request with a redirect from places that cannot return one (guards): the exception filter
 * answers it with the status and location given.
 */
export class RedirectException extends Error {
  constructor(
    readonly location: string,
    readonly status = 302,
  ) {
    super(`Redirect to ${location}`);
    this.name = 'RedirectException';
  }
}
