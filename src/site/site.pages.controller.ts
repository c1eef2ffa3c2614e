import { Controller, Get, Redirect } from '@nestjs/common';
import { Public } from '../auth/decorators.js';
import { inertia } from '../inertia/inertia-response.js';

/** The public site's pages, rendered on the server (SSR) and hydrated in the browser. */
@Public()
@Controller()
export class SitePagesController {
  @Get()
  home() {
    return inertia('Public/Home');
  }

  // Legacy addresses that had their own title keys (DESIGN.md section 5).
  @Get('aplicativo')
  @Redirect('/', 301)
  aplicativo() {}

  @Get('termos-e-politicas')
  @Redirect('/politicasdeprivacidade.html', 301)
  termosEPoliticas() {}

  @Get('juda')
  @Redirect('/ajuda', 301)
  juda() {}
}
