/**
 * Page titles per path (SPEC.md section 2): each is the product name followed by the page's name; a path
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
  '/sobre-nos': 'Sobre Nós',
  '/admin': 'Dashboard',
  '/admin/login': 'Login',
  '/admin/dashboard': 'Dashboard',
  '/admin/ips': 'IP de Acesso',
  '/admin/contato': 'Contatos',
  '/admin/usuarios': 'Usuários do App',
  '/admin/empresas': 'Empresas',
};

export function pageTitle(appName: string, url: string): string {
  const path = url.split(/[?#]/)[0].replace(/(.)\/+$/, '$1');
  const name = PAGE_TITLES[path];
  return name ? `${appName} | ${name}` : appName;
}
