/** The terms of use and privacy policy of the platform (LGPD), shown at /politicasdeprivacidade.html. */
export const TERMS_LAST_UPDATED = '08/09/2025';

export const TERMS_SECTIONS: { title: string; paragraphs: string[] }[] = [
  {
    title: 'Aceitação dos termos',
    paragraphs: [
      'Estes Termos de Uso e Política de Privacidade regulam o acesso e o uso do aplicativo AgroMaq, disponível para iOS e Android, e deste site. Ao criar uma conta, baixar ou utilizar qualquer funcionalidade da plataforma, você declara que leu, compreendeu e concorda com todas as condições aqui descritas.',
      'Caso não concorde com qualquer disposição, você não deve utilizar a plataforma. O uso continuado após a publicação de alterações significa a aceitação da versão atualizada destes termos.',
    ],
  },
  {
    title: 'Definições',
    paragraphs: [
      'Para os fins destes termos, "plataforma" é o conjunto formado pelo aplicativo, pelo site e pelos serviços relacionados; "usuário" é a pessoa física ou jurídica que acessa a plataforma; "anúncio" é a oferta de máquina agrícola publicada no marketplace; e "ferramentas" são os recursos próprios do AgroMaq descritos na seção 4.',
      '"Dados pessoais" são as informações relacionadas a pessoa natural identificada ou identificável, nos termos da Lei nº 13.709/2018 (Lei Geral de Proteção de Dados Pessoais - LGPD), e "tratamento" é toda operação realizada com esses dados.',
    ],
  },
  {
    title: 'Cadastro e idade mínima',
    paragraphs: [
      'O uso da plataforma é permitido apenas a maiores de 18 (dezoito) anos, plenamente capazes. Ao se cadastrar, o usuário declara ter 18 anos ou mais e se responsabiliza pela veracidade, exatidão e atualização das informações fornecidas.',
      'O usuário é responsável pela guarda de sua senha e por todas as atividades realizadas em sua conta. Em caso de uso indevido ou suspeita de acesso não autorizado, o usuário deve comunicar o AgroMaq imediatamente pelos canais de atendimento.',
    ],
  },
  {
    title: 'Serviços oferecidos',
    paragraphs: [
      'A plataforma oferece um marketplace para anúncio, compra e venda de máquinas agrícolas e quatro ferramentas próprias: o estimador de preços, que indica uma faixa de valor de mercado; o checklist de vistoria, que padroniza a inspeção da máquina; o verificador de ano, que identifica o ano de fabricação provável pelo número de série; e o simulador de financiamento, integrado a uma instituição financeira parceira.',
      'As estimativas, verificações e simulações têm caráter informativo e servem de apoio à decisão. Elas não constituem laudo técnico, avaliação oficial, garantia de preço ou proposta de crédito, que depende sempre da análise e da aprovação da instituição financeira.',
    ],
  },
  {
    title: 'Marketplace e negociações entre usuários',
    paragraphs: [
      'O AgroMaq aproxima compradores e vendedores, mas não é proprietário, possuidor nem intermediário das máquinas anunciadas. As negociações, os pagamentos, a entrega e a transferência de propriedade são de responsabilidade exclusiva das partes envolvidas.',
      'O anunciante garante que tem o direito de vender a máquina, que as informações e fotos são verdadeiras e que o bem não possui restrições não informadas. Recomendamos que o comprador realize vistoria presencial e confira a documentação antes de concluir qualquer negócio.',
    ],
  },
  {
    title: 'Planos, pagamentos e renovação',
    paragraphs: [
      'Algumas funcionalidades são oferecidas mediante assinatura de plano mensal, semestral ou anual. A contratação é realizada com a equipe do AgroMaq pelos canais informados no site, incluindo o WhatsApp, onde são apresentadas as condições, o valor e as formas de pagamento.',
      'O acesso aos recursos do plano é liberado após a confirmação do pagamento e permanece válido pelo período contratado. A renovação depende de nova contratação ou de autorização expressa do usuário.',
    ],
  },
  {
    title: 'Direito de arrependimento',
    paragraphs: [
      'Nos termos do art. 49 do Código de Defesa do Consumidor, o usuário consumidor que contratar um plano pela internet pode desistir da contratação no prazo de 7 (sete) dias, contados da contratação ou da liberação do acesso.',
      'Exercido o direito de arrependimento pelos canais de atendimento, os valores pagos serão devolvidos integralmente, pelo mesmo meio de pagamento utilizado, sem qualquer custo para o usuário.',
    ],
  },
  {
    title: 'Obrigações do usuário',
    paragraphs: [
      'O usuário compromete-se a utilizar a plataforma de acordo com a lei, a boa-fé e estes termos, e a não publicar conteúdo falso, ofensivo, discriminatório ou que viole direitos de terceiros.',
      'É proibido tentar acessar áreas restritas, copiar ou extrair dados da plataforma de forma automatizada, interferir em seu funcionamento ou utilizá-la para fraudes. O descumprimento pode levar à suspensão ou ao encerramento da conta, sem prejuízo das medidas legais cabíveis.',
    ],
  },
  {
    title: 'Propriedade intelectual',
    paragraphs: [
      'A marca AgroMaq, o aplicativo, o site, as bases de dados, os textos, os layouts e o código-fonte são protegidos pela legislação de propriedade intelectual e pertencem ao AgroMaq ou a seus licenciantes.',
      'O usuário recebe uma licença pessoal, limitada, não exclusiva e intransferível para usar a plataforma conforme estes termos. Ao publicar fotos e descrições, o usuário autoriza o AgroMaq a exibi-las na plataforma enquanto o anúncio estiver ativo.',
    ],
  },
  {
    title: 'Limitação de responsabilidade',
    paragraphs: [
      'O AgroMaq não se responsabiliza por negócios celebrados entre usuários, por vícios das máquinas anunciadas, por decisões tomadas exclusivamente com base em estimativas da plataforma nem por indisponibilidades causadas por terceiros, caso fortuito ou força maior.',
      'Na máxima extensão permitida pela lei, a responsabilidade total do AgroMaq perante o usuário, por qualquer causa, fica limitada ao maior valor entre R$ 1.000,00 (mil reais) e o total pago pelo usuário à plataforma nos 12 (doze) meses anteriores ao fato que originou a reclamação. Esta limitação não afasta direitos irrenunciáveis do consumidor.',
    ],
  },
  {
    title: 'Dados pessoais que coletamos',
    paragraphs: [
      'Coletamos os dados informados no cadastro (nome, sobrenome, e-mail, telefone, CPF quando necessário, empresa, cargo, ramo de atividade e cidade), os dados das máquinas e anúncios que você publica, e as mensagens enviadas pelo formulário de contato.',
      'Também coletamos dados técnicos gerados pelo uso, como identificador do dispositivo, endereço IP, registros de acesso exigidos pelo Marco Civil da Internet (Lei nº 12.965/2014), versão do aplicativo e informações de navegação no site, estas últimas mediante consentimento quando não forem essenciais.',
    ],
  },
  {
    title: 'Finalidades e bases legais',
    paragraphs: [
      'Usamos os dados para criar e manter a conta, prestar os serviços contratados, processar pagamentos, enviar comunicações sobre a conta, oferecer suporte, prevenir fraudes, cumprir obrigações legais e melhorar a plataforma.',
      'O tratamento se apoia nas bases legais da LGPD: execução de contrato, cumprimento de obrigação legal ou regulatória, legítimo interesse do AgroMaq (como segurança e melhoria dos serviços, sempre respeitando seus direitos) e consentimento, quando exigido, como no caso de cookies não essenciais e comunicações de marketing.',
    ],
  },
  {
    title: 'Compartilhamento de dados',
    paragraphs: [
      'Compartilhamos dados apenas quando necessário: com a instituição financeira parceira, quando você usa o simulador e solicita uma proposta; com prestadores de serviço que nos apoiam (hospedagem, envio de e-mails, atendimento), sob contrato e dever de confidencialidade; e com autoridades, quando exigido por lei ou ordem judicial.',
      'Nos anúncios, os dados de contato que você escolher exibir ficam visíveis aos interessados. Não vendemos dados pessoais a terceiros.',
    ],
  },
  {
    title: 'Armazenamento e retenção',
    paragraphs: [
      'Os dados são armazenados em servidores com controles de acesso e podem ser tratados fora do Brasil apenas nas hipóteses permitidas pela LGPD, com garantias adequadas de proteção.',
      'Mantemos os dados enquanto a conta estiver ativa e pelo tempo necessário para cumprir as finalidades informadas. Após a exclusão da conta, os dados são eliminados ou anonimizados, exceto os que precisamos guardar para cumprir obrigações legais, como os registros de acesso por 6 (seis) meses e documentos fiscais pelo prazo legal.',
    ],
  },
  {
    title: 'Direitos do titular',
    paragraphs: [
      'Nos termos do art. 18 da LGPD, você pode solicitar a confirmação da existência de tratamento, o acesso aos dados, a correção de dados incompletos ou desatualizados, a anonimização, o bloqueio ou a eliminação de dados desnecessários, a portabilidade, informações sobre compartilhamento e a revogação do consentimento.',
      'Os pedidos podem ser feitos pelo e-mail do encarregado indicado na seção 19 e serão respondidos nos prazos legais. Você também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).',
    ],
  },
  {
    title: 'Segurança da informação',
    paragraphs: [
      'Adotamos medidas técnicas e administrativas para proteger os dados contra acessos não autorizados, perda e alteração, como criptografia em trânsito, controle de acesso por perfil, autenticação em dois fatores para a equipe administrativa e registro de acessos.',
      'Nenhum sistema é totalmente imune a incidentes. Caso ocorra um incidente de segurança que possa causar risco ou dano relevante, comunicaremos os titulares afetados e a ANPD, conforme a lei.',
    ],
  },
  {
    title: 'Cookies e tecnologias semelhantes',
    paragraphs: [
      'O site usa cookies essenciais ao seu funcionamento e, somente com o seu consentimento, cookies de medição de audiência carregados por um gerenciador de tags. Na primeira visita, um aviso permite aceitar ou rejeitar esses cookies; a escolha é guardada por 365 dias.',
      'Se você rejeitar, nenhum script de medição é carregado. Você pode mudar sua escolha a qualquer momento apagando os cookies do navegador, o que fará o aviso aparecer novamente.',
    ],
  },
  {
    title: 'Exclusão da conta',
    paragraphs: [
      'Você pode pedir a exclusão da sua conta e dos seus dados pessoais a qualquer momento, pelo próprio aplicativo ou pela página "Excluir conta" deste site, informando o e-mail cadastrado.',
      'Após a confirmação, a conta é desativada e os dados são eliminados ou anonimizados no prazo legal, ressalvadas as informações cuja guarda seja obrigatória. Anúncios ativos são encerrados e planos vigentes são cancelados.',
    ],
  },
  {
    title: 'Encarregado e canais de atendimento',
    paragraphs: [
      'O encarregado pelo tratamento de dados pessoais (DPO) pode ser contatado pelo e-mail contato@agromaq.com.br, com o assunto "Privacidade". Pelo mesmo e-mail, pelo formulário da página de contato ou pelo WhatsApp, você pode tirar dúvidas sobre estes termos.',
      'Para sua segurança, poderemos solicitar informações que confirmem a sua identidade antes de atender a pedidos relacionados a dados pessoais.',
    ],
  },
  {
    title: 'Alterações destes termos',
    paragraphs: [
      'Estes termos podem ser atualizados para refletir mudanças na plataforma, na legislação ou em nossas práticas. A data da última atualização fica sempre indicada no início deste documento.',
      'Alterações relevantes serão comunicadas com antecedência pelo aplicativo ou por e-mail. Se você não concordar com a nova versão, poderá encerrar sua conta a qualquer momento.',
    ],
  },
  {
    title: 'Legislação aplicável e foro',
    paragraphs: [
      'Estes termos são regidos pelas leis da República Federativa do Brasil, em especial o Código de Defesa do Consumidor, o Marco Civil da Internet e a Lei Geral de Proteção de Dados Pessoais.',
      'Fica eleito o foro da Comarca de Arapongas, Estado do Paraná, para dirimir quaisquer controvérsias decorrentes destes termos, ressalvado ao consumidor o direito de ajuizar ação no foro de seu domicílio.',
    ],
  },
];
