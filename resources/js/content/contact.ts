/** Contact details of the team shown on the contact page (address and e-mail come from configuration). */
export const CONTACT_INFO = {
  hours: 'Segunda a sexta, das 8h às 18h (horário de Brasília)',
};
