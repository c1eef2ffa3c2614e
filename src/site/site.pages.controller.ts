import { Controller, Get, Inject, Redirect } from '@nestjs/common';
import QRCode from 'qrcode';
import { Public } from '../auth/decorators.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { inertia } from '../inertia/inertia-response.js';
import { InertiaPages } from '../inertia/inertia.interceptor.js';

/** The public site's pages, rendered on the server (SSR) and hydrated in the browser. */
@Public()
@InertiaPages()
@Controller()
export class SitePagesController {
  private storeQrCodes: Promise<{ ios: string; android: string }> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  home() {
    // The store URLs come from configuration: their QR codes are drawn once.
    this.storeQrCodes ??= Promise.all([this.qrSvg(this.config.site.iosAppUrl), this.qrSvg(this.config.site.androidAppUrl)]).then(([ios, android]) => ({
      ios,
      android,
    }));
    return inertia('Public/Home', { storeQrCodes: () => this.storeQrCodes });
  }

  @Get('contato')
  contato() {
    return inertia('Public/Contato');
  }

  @Get('ajuda')
  ajuda() {
    return inertia('Public/Ajuda');
  }

  @Get('sobre-nos')
  sobreNos() {
    return inertia('Public/SobreNos');
  }

  @Get('excluir-conta')
  excluirConta() {
    return inertia('Public/ExcluirConta');
  }

  @Get('politicasdeprivacidade.html')
  termos() {
    return inertia('Public/Termos');
  }

  // Legacy addresses that had their own title keys.
  @Get('aplicativo')
  @Redirect('/', 301)
  aplicativo() {}

  @Get('termos-e-politicas')
  @Redirect('/politicasdeprivacidade.html', 301)
  termosEPoliticas() {}

  @Get('juda')
  @Redirect('/ajuda', 301)
  juda() {}

  private qrSvg(url: string): Promise<string> {
    return QRCode.toString(url, { type: 'svg', margin: 0, errorCorrectionLevel: 'M', color: { dark: '#052e16', light: '#ffffff' } });
  }
}
