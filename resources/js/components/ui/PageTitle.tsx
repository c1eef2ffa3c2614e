import { Head, usePage } from '@inertiajs/react';
import { PAGE_DESCRIPTIONS, pagePath, pageTitle } from '@shared/page-titles';
import type { SharedProps } from '../../types';

/**
 * Sets the document title from the current path and, on public pages, the
 * description, canonical URL and Open Graph tags, on the server and in the browser alike.
 */
export function PageTitle() {
  const { props, url } = usePage<SharedProps>();
  const path = pagePath(url);
  const title = pageTitle(props.appName, url);
  const description = PAGE_DESCRIPTIONS[path];
  const canonical = `${props.appUrl}${path === '/' ? '/' : path}`;
  return (
    <Head title={title}>
      {description && <meta head-key="description" name="description" content={description} />}
      {description && <link head-key="canonical" rel="canonical" href={canonical} />}
      {description && <meta head-key="og:type" property="og:type" content="website" />}
      {description && <meta head-key="og:site_name" property="og:site_name" content={props.appName} />}
      {description && <meta head-key="og:locale" property="og:locale" content="pt_BR" />}
      {description && <meta head-key="og:title" property="og:title" content={title} />}
      {description && <meta head-key="og:description" property="og:description" content={description} />}
      {description && <meta head-key="og:url" property="og:url" content={canonical} />}
      {description && <meta head-key="og:image" property="og:image" content={`${props.appUrl}/og-image.png`} />}
    </Head>
  );
}
