/** The subscription plans shown on the home page, and its two context blurbs. */
export interface Plan {
  id: string;
  titulo: string;
  preco: number;
  duracao: string;
  descricaoWhatsApp: string;
  destaque?: boolean;
  beneficios: string[];
}

export const PLANS: Plan[] = [
  {
    id: 'mensal',
    titulo: 'Plano Mensal',
    preco: 49.9,
    duracao: '1 mês',
    descricaoWhatsApp: 'Acesso completo ao aplicativo por 1 mês, com renovação mensal.',
    beneficios: ['Avaliações de preço ilimitadas', 'Verificador de ano de fabricação', 'Checklist de vistoria', 'Uso sem internet com sincronização'],
  },
  {
    id: 'semestral',
    titulo: 'Plano Semestral',
    preco: 269.9,
    duracao: '6 meses',
    descricaoWhatsApp: 'Acesso completo ao aplicativo por 6 meses, com economia em relação ao mensal.',
    destaque: true,
    beneficios: [
      'Tudo do plano mensal',
      'Simulador de financiamento',
      'Histórico das suas avaliações',
      'Suporte prioritário pelo WhatsApp',
      'Economia de 10% sobre o mensal',
    ],
  },
  {
    id: 'anual',
    titulo: 'Plano Anual',
    preco: 479.9,
    duracao: '12 meses',
    descricaoWhatsApp: 'Acesso completo ao aplicativo por 12 meses, com o melhor custo-benefício.',
    beneficios: ['Tudo do plano semestral', 'Relatórios de avaliação para compartilhar', 'Atendimento com especialista', 'Economia de 20% sobre o mensal'],
  },
];

export const HOME_BLURBS: { title: string; text: string }[] = [
  {
    title: 'Para quem produz',
    text: 'Antes de comprar ou vender um trator, saiba o ano de fabricação, o valor justo de mercado e o estado da máquina. Decida com dados, mesmo no meio da lavoura e sem sinal de internet.',
  },
  {
    title: 'Para revendas, concessionárias e leiloeiros',
    text: 'Avalie o estoque com agilidade, padronize vistorias com o checklist e apresente propostas de financiamento na hora. Menos tempo na negociação, mais segurança para você e para o cliente.',
  },
];
