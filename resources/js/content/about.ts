/** The copy of the about page. */
export interface AboutContent {
  hero: { title: string; subtitle: string };
  history: { title: string; paragraphs: string[] };
  stats: { value: string; label: string }[];
  pillars: { key: 'missao' | 'visao' | 'valores'; title: string; text: string }[];
  differentiators: { title: string; text: string }[];
  cta: { title: string; text: string; primaryLabel: string; secondaryLabel: string };
}

export const ABOUT: AboutContent = {
  hero: {
    title: 'Tecnologia feita no campo, para quem vive do campo',
    subtitle: 'Nascemos no norte do Paraná para tornar a compra, a venda e a avaliação de máquinas agrícolas mais simples, justas e seguras.',
  },
  history: {
    title: 'Nossa história',
    paragraphs: [
      'O AgroMaq começou em Arapongas, no Paraná, com uma pergunta que todo produtor já fez: quanto vale, de verdade, este trator? Informações sobre ano de fabricação, histórico e preço de mercado estavam espalhadas em cadernos, planilhas e conversas de pátio.',
      'Reunimos produtores, revendedores, mecânicos e avaliadores para organizar esse conhecimento em um aplicativo. Catalogamos marcas, modelos e séries de fabricação e passamos a registrar negociações reais para dar referência às avaliações.',
      'Hoje o AgroMaq ajuda produtores, concessionárias, revendas, marcas e casas de leilão de todo o país a negociar com mais transparência, com ferramentas que funcionam até onde o sinal de celular não chega.',
    ],
  },
  stats: [
    { value: '+50 mil', label: 'máquinas catalogadas' },
    { value: '+200', label: 'marcas e fabricantes' },
    { value: '27', label: 'estados atendidos' },
    { value: '4', label: 'ferramentas no aplicativo' },
  ],
  pillars: [
    { key: 'missao', title: 'Missão', text: 'Dar a quem trabalha com máquinas agrícolas informação confiável para comprar, vender e avaliar com segurança.' },
    { key: 'visao', title: 'Visão', text: 'Ser a referência brasileira em dados e negócios de máquinas agrícolas, do pequeno produtor à grande revenda.' },
    {
      key: 'valores',
      title: 'Valores',
      text: 'Transparência nas informações, respeito ao produtor, segurança dos dados e atendimento de quem entende do assunto.',
    },
  ],
  differentiators: [
    {
      title: 'Base de máquinas brasileira',
      text: 'Modelos, versões e séries de fabricação das máquinas que de fato rodam no Brasil, atualizados continuamente.',
    },
    { title: 'Feito para o campo', text: 'O aplicativo funciona sem internet e sincroniza sozinho quando a conexão volta.' },
    { title: 'Negócio completo', text: 'Da descoberta do ano à simulação de financiamento com banco parceiro, tudo em um só lugar.' },
    { title: 'Gente que entende', text: 'Suporte pelo WhatsApp com especialistas em máquinas agrícolas, não com robôs.' },
  ],
  cta: {
    title: 'Pronto para negociar com mais segurança?',
    text: 'Conheça os recursos do aplicativo ou fale com o nosso time.',
    primaryLabel: 'Ver recursos',
    secondaryLabel: 'Fale conosco',
  },
};
