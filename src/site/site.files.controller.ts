import { Controller, Get, Header, Inject } from '@nestjs/common';
import { Public } from '../auth/decorators.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { PUBLIC_PATHS } from '../shared/page-titles.js';

/**
 * The site's files for crawlers: texts that depend on the configuration only, made once. Not pages: no page
 * interceptor runs for them.
 */
@Public()
@Controller()
export class SiteFilesController {
  private readonly robotsText: string;
  private readonly sitemapXml: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.robotsText = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', `Sitemap: ${config.appUrl}/sitemap.xml`, ''].join('\n');
    const urls = PUBLIC_PATHS.map((path) => `  <url><loc>${config.appUrl}${path}</loc></url>`);
    this.sitemapXml = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join(
      '\n',
    );
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  robots(): string {
    return this.robotsText;
  }

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  sitemap(): string {
    return this.sitemapXml;
  }
}
