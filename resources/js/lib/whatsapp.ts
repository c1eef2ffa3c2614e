/** Links that open a WhatsApp conversation with the team, with the message already written. */

export interface PlanForMessage {
  titulo: string;
  preco: number;
  duracao: string;
  descricaoWhatsApp: string;
}

export interface CustomerForMessage {
  nome?: string;
  email?: string;
  telefone?: string;
}

export const BASE_MESSAGE = 'Olá! Vim pelo site e gostaria de falar com a equipe.';

export function formatBrl(value: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\u00a0/g, ' ');
}

export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}

/**
 * The subscription message: a greeting asking to subscribe, the plan's details, the
 * customer's data when a name was given (e-mail and phone only when filled in), and a closing request.
 */
export function planMessage(appName: string, plan: PlanForMessage, customer: CustomerForMessage = {}): string {
  const lines = [
    `Olá! Gostaria de assinar um plano do ${appName}.`,
    '',
    '*Detalhes do plano*',
    `Plano: ${plan.titulo}`,
    `Valor: ${formatBrl(plan.preco)}`,
    `Duração: ${plan.duracao}`,
    `Descrição: ${plan.descricaoWhatsApp}`,
  ];
  const nome = customer.nome?.trim();
  if (nome) {
    lines.push('', '*Meus dados*', `Nome: ${nome}`);
    if (customer.email?.trim()) lines.push(`E-mail: ${customer.email.trim()}`);
    if (customer.telefone?.trim()) lines.push(`Telefone: ${customer.telefone.trim()}`);
  }
  lines.push('', 'Poderiam me informar como proceder?');
  return lines.join('\n');
}

/** A Brazilian phone (area code and number, 10 or 11 digits, any mask) in the international form WhatsApp links need. */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('55') && digits.length >= 12 ? digits : `55${digits}`;
}

/** The first message to someone who wrote through the site's contact form, greeting them by their first name. */
export function contactReplyMessage(appName: string, nome: string): string {
  const first = nome.trim().split(/\s+/)[0] ?? '';
  return `Olá, ${first}! Aqui é da equipe ${appName}. Recebemos sua mensagem pelo site e estamos entrando em contato.`;
}
