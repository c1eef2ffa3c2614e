/** Questions and answers of the home page and of the help center. */
export interface FaqItem {
  question: string;
  answer: string;
}

export const HOME_FAQ: FaqItem[] = [
  {
    question: 'O que é o AgroMaq?',
    answer:
      'É um aplicativo para quem compra, vende e administra máquinas agrícolas. Nele você descobre o ano de fabricação de tratores, estima o valor de mercado, faz vistorias padronizadas e simula o financiamento, tudo em um só lugar.',
  },
  {
    question: 'O aplicativo funciona sem internet?',
    answer:
      'Sim. As consultas e vistorias podem ser feitas no campo, sem sinal. Assim que o celular voltar a ter conexão, os dados são sincronizados automaticamente com a sua conta.',
  },
  {
    question: 'Como é feita a avaliação de uma máquina?',
    answer:
      'O estimador de preços cruza marca, modelo, ano, horas de uso e estado de conservação com negociações reais registradas em todo o Brasil, e apresenta uma faixa de valor de mercado para você negociar com segurança.',
  },
  {
    question: 'Como assino um plano?',
    answer:
      'Escolha o plano nesta página e toque em assinar. Você informa seus dados e a conversa com o nosso time abre no WhatsApp, onde combinamos a forma de pagamento e liberamos o seu acesso.',
  },
];

export const HELP_FAQ: FaqItem[] = [
  {
    question: 'Como crio minha conta?',
    answer:
      'Baixe o aplicativo na App Store ou no Google Play, toque em criar conta e informe nome, e-mail e telefone. Você recebe um e-mail de confirmação e já pode começar a usar as consultas gratuitas.',
  },
  {
    question: 'Como descubro o ano de fabricação de um trator?',
    answer:
      'No verificador de ano, informe a marca, o modelo e o número de série da máquina. O aplicativo compara com a base de séries de cada fabricante e mostra o ano de fabricação provável em poucos segundos.',
  },
  {
    question: 'As avaliações de preço são confiáveis?',
    answer:
      'As estimativas usam negociações reais e são atualizadas com frequência. Elas indicam uma faixa de mercado: o valor final sempre depende da vistoria, da região e da negociação entre as partes.',
  },
  {
    question: 'Posso usar o aplicativo sem sinal no campo?',
    answer:
      'Pode. Consultas já feitas, vistorias e anotações ficam guardadas no celular. Quando a conexão voltar, tudo é enviado automaticamente e fica disponível nos seus outros aparelhos.',
  },
  {
    question: 'Como funcionam os planos e o pagamento?',
    answer:
      'Há planos mensal, semestral e anual. A assinatura é combinada com o nosso time pelo WhatsApp, que informa as formas de pagamento disponíveis. Compras feitas pela internet podem ser canceladas em até 7 dias.',
  },
  {
    question: 'Como excluo minha conta e meus dados?',
    answer:
      'Você pode pedir a exclusão pelo próprio aplicativo ou pela página Excluir conta deste site. Seus dados pessoais são apagados, exceto os que a lei obriga a guardar, conforme a nossa Política de Privacidade.',
  },
];
