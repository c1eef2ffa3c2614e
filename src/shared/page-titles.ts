/**
 * Page titles per path: each is the product name followed by the page's name; a path
 * with no entry gets the product name alone. Pure, so the server (fallback <title>) and the React layouts
 * (<Head>) read the same table.
 */
export const PAGE_TITLES: Readonly<Record<string, string>> = {
  '/': 'Início',
  '/aplicativo': 'Aplicativo',
  '/contato': 'Contato',
  '/termos-e-politicas': 'Termos e Políticas',
  '/politicasdeprivacidade.html': 'Termos e Políticas',
  '/juda': 'Ajuda',
  '/ajuda': 'Ajuda',
  '/excluir-conta': 'Excluir Conta',
  '/excluir-conta/confirmar': 'Confirmar Exclusão',
  '/redefinir-senha': 'Redefinir Senha',
  '/sobre-nos': 'Sobre Nós',
  '/admin': 'Dashboard',
  '/admin/login': 'Login',
  '/admin/dashboard': 'Dashboard',
  '/admin/ips': 'IP de Acesso',
  '/admin/contato': 'Contatos',
  '/admin/usuarios': 'Usuários do App',
  '/admin/empresas': 'Empresas',
  '/admin/auditoria': 'Auditoria',
  '/admin/equipe': 'Equipe',
  '/admin/perfil': 'Meu perfil',
  '/admin/convite': 'Definir senha',
};

export function pageTitle(appName: string, url: string): string {
  const name = PAGE_TITLES[pagePath(url)];
  return name ? `${appName} | ${name}` : appName;
}

/** Meta descriptions of the public pages, for search engines and link previews. */
export const PAGE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/': 'Aplicativo para comprar, vender e avaliar máquinas agrícolas: descubra o ano de fabricação, faça avaliações precisas e negocie com segurança.',
  '/contato': 'Fale com o time do AgroMaq: envie uma mensagem, chame no WhatsApp ou visite nosso escritório em Arapongas (PR).',
  '/ajuda': 'Central de Ajuda do AgroMaq: respostas sobre conta, avaliações, uso sem internet, planos e privacidade.',
  '/sobre-nos': 'Conheça a história, a missão e os valores do AgroMaq, a plataforma de máquinas agrícolas feita para o campo brasileiro.',
  '/excluir-conta': 'Peça a exclusão da sua conta do aplicativo AgroMaq e dos seus dados pessoais.',
  '/politicasdeprivacidade.html': 'Termos de Uso e Política de Privacidade do AgroMaq, em conformidade com a LGPD.',
  // Reached from the e-mailed link only (not in the sitemap); its words are the page's own.
  '/redefinir-senha': 'Escolha uma nova senha para a sua conta no aplicativo AgroMaq.',
};

/** The public pages, in the order the sitemap lists them. */
export const PUBLIC_PATHS = ['/', '/contato', '/ajuda', '/sobre-nos', '/excluir-conta', '/politicasdeprivacidade.html'];

export function pagePath(url: string): string {
  return url.split(/[?#]/)[0].replace(/(.)\/+$/, '$1');
}
