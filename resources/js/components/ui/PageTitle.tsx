import { Head, usePage } from '@inertiajs/react';
import { pageTitle } from '../../../../src/common/page-titles';
import type { SharedProps } from '../../types';

/** Sets the document title from the current path (SPEC.md section 2), on the server and in the browser. */
export function PageTitle() {
  const { props, url } = usePage<SharedProps>();
  return <Head title={pageTitle(props.appName, url)} />;
}
