import type { DataSource } from 'typeorm';
import { Admin } from '../../auth/admin.entity.js';
import { Contact } from '../../contacts/contact.entity.js';

const PEOPLE: [string, string, string][] = [
  ['Carlos Henrique Bortolini', 'carlos.bortolini@fazendaboavista.com.br', '44998123456'],
  ['Juliana Mendes', 'juliana.mendes@agromendes.com.br', '66999874512'],
  ['Rafael Kühn', 'rafael.kuhn@gmail.com', '54991237788'],
  ['Ana Paula Ferreira', 'anapaula.ferreira@hotmail.com', '64992345671'],
  ['Marcos Vinícius Tessaro', 'marcos@tessaroagricola.com.br', '45999012345'],
  ['Sebastião Oliveira', 'sebastiao.oliveira@yahoo.com.br', '43988776655'],
  ['Luana Rodrigues', 'luana.rodrigues@coopermissoes.com.br', '55996543210'],
  ['Diego Zanella', 'diego.zanella@outlook.com', '49991112233'],
  ['Patrícia Lima', 'patricia@leiloesaraucaria.com.br', '41996667788'],
  ['Gustavo Henrique Prado', 'gustavo.prado@gmail.com', '16997778899'],
  ['Fernanda Cristina Alves', 'fernanda.alves@agrovalecampinas.com.br', '19998887766'],
  ['José Aparecido Santos', 'jose.santos@sitioesperanca.com.br', '4332521100'],
  ['Tiago Schmitt', 'tiago.schmitt@gmail.com', '55991445566'],
  ['Renata Carvalho', 'renata.carvalho@pantanaltratores.com.br', '65999331122'],
];

const MESSAGES = [
  'Gostaria de saber como anunciar três tratores usados da fazenda no aplicativo.',
  'Sou concessionária e quero entender o plano para revendas. Podem me ligar?',
  'Não estou conseguindo recuperar minha senha no app, o e-mail não chega.',
  'Vocês fazem avaliação de colheitadeira? Tenho uma de 2015 para vender.',
  'Quero cadastrar minha casa de leilões. Qual o procedimento?',
  'Tenho interesse no plano anual. Aceitam boleto?',
  'Encontrei um anúncio com informações erradas, como faço para denunciar?',
  'Preciso trocar o e-mail da minha conta, pois mudei de empresa.',
  'Como funciona a integração com o estoque da nossa revenda?',
  'Gostaria de uma demonstração do aplicativo para a equipe de vendas.',
  'O app está pedindo atualização, mas a loja não mostra versão nova.',
  'Quero saber se vocês atendem na região de Balsas - MA.',
  'Podem me enviar a tabela de preços dos planos para empresas?',
  'Vendi meu trator pelo app, como removo o anúncio?',
];

/** About 40 messages from the site over the last 60 days, a third of them answered by each channel. */
export async function seedDemoContacts(dataSource: DataSource): Promise<string[]> {
  const contacts = dataSource.getRepository(Contact);
  if ((await contacts.count()) > 0) return [];
  const admin = await dataSource.getRepository(Admin).findOne({ select: { adminId: true }, where: { role: 'master' }, order: { adminId: 'ASC' } });
  const now = Date.now();
  const rows = Array.from({ length: 40 }, (_, index) => {
    const [nome, email, telefone] = PEOPLE[index % PEOPLE.length];
    const createdAt = new Date(now - Math.round(((40 - index) / 40) * 60 * 24 * 3600 * 1000) + index * 37 * 60 * 1000);
    // Older messages are mostly answered; the last dozen are waiting.
    const answered = index < 28 && index % 4 !== 3;
    return contacts.create({
      nome,
      email,
      telefone,
      mensagem: MESSAGES[(index * 5) % MESSAGES.length],
      origem: 'site',
      status: answered ? 'respondido' : 'pendente',
      responseChannel: answered ? (index % 2 === 0 ? 'whatsapp' : 'email') : null,
      respondedAt: answered ? new Date(createdAt.getTime() + (2 + (index % 20)) * 3600 * 1000) : null,
      respondedBy: answered ? (admin?.adminId ?? null) : null,
      createdAt,
    });
  });
  await contacts.save(rows);
  return [];
}
