import { onlyDigits } from '@shared/br/digits';
import { isValidEmail } from '@shared/br/email';
import { PHONE_MIN_DIGITS } from '@shared/br/phone';

export interface ContactFields {
  nome: string;
  email: string;
  telefone: string;
  mensagem: string;
}

/** The contact form's rules and messages, the same the API applies. */
export function validateContact(fields: ContactFields): Partial<Record<keyof ContactFields, string>> {
  const errors: Partial<Record<keyof ContactFields, string>> = {};
  if (!fields.nome.trim()) errors.nome = 'Informe seu nome';
  if (!isValidEmail(fields.email)) errors.email = 'Email inválido';
  if (onlyDigits(fields.telefone).length < PHONE_MIN_DIGITS) errors.telefone = 'Telefone inválido';
  if (fields.mensagem.trim().length < 5) errors.mensagem = 'Descreva sua mensagem';
  return errors;
}
