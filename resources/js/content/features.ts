/** The six features the app advertises, as shown on the home page. */
export interface Feature {
  icon: 'calendar' | 'chart' | 'database' | 'offline' | 'shield' | 'support';
  title: string;
  description: string;
}

export const FEATURES: Feature[] = [
  {
    icon: 'calendar',
    title: 'Descubra o ano de fabricação',
    description: 'Identifique o ano de fabricação de tratores e máquinas a partir do número de série, em segundos.',
  },
  {
    icon: 'chart',
    title: 'Avaliações precisas',
    description: 'Estime o valor de mercado de cada máquina com base em negociações reais em todo o Brasil.',
  },
  {
    icon: 'database',
    title: 'O maior banco de máquinas do Brasil',
    description: 'Marcas, modelos, versões e especificações técnicas reunidos em um só lugar.',
  },
  {
    icon: 'offline',
    title: 'Funciona sem internet',
    description: 'Use no campo, mesmo sem sinal: tudo é sincronizado automaticamente quando a conexão voltar.',
  },
  {
    icon: 'shield',
    title: 'Plataforma segura',
    description: 'Seus dados e negociações protegidos, com acesso controlado e em conformidade com a LGPD.',
  },
  {
    icon: 'support',
    title: 'Suporte especializado',
    description: 'Um time que entende de máquinas agrícolas pronto para ajudar você pelo WhatsApp.',
  },
];
