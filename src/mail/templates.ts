import type { MailMessage } from './mail.service.js';

/** Escapes text for HTML. */
function html(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** The shell of every e-mail: the product's name, the content, and why the person received it. */
function layout(appName: string, title: string, paragraphs: string[], action: { label: string; url: string }, footer: string): string {
  return `<!doctype html><html lang="pt-BR"><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;color:#166534;padding-bottom:16px">${html(appName)}</td></tr>
<tr><td style="font-size:18px;font-weight:bold;padding-bottom:12px">${html(title)}</td></tr>
${paragraphs.map((paragraph) => `<tr><td style="font-size:15px;line-height:1.5;padding-bottom:12px">${html(paragraph)}</td></tr>`).join('\n')}
<tr><td style="padding:12px 0 20px"><a href="${html(action.url)}" style="display:inline-block;background:#166534;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:10px">${html(action.label)}</a></td></tr>
<tr><td style="font-size:13px;color:#64748b;line-height:1.5">Se o botão não funcionar, copie e cole este endereço no navegador:<br><span style="word-break:break-all">${html(action.url)}</span></td></tr>
<tr><td style="font-size:13px;color:#64748b;line-height:1.5;padding-top:16px">${html(footer)}</td></tr>
</table></td></tr></table></body></html>`;
}

export function passwordResetMail(appName: string, to: string, name: string, url: string, minutes: number): MailMessage {
  const paragraphs = [
    `Olá, ${name}!`,
    `Recebemos um pedido para redefinir a senha da sua conta no aplicativo ${appName}. Para escolher uma nova senha, use o link abaixo.`,
    `Este link expira em ${minutes} minuto(s) e só pode ser usado uma vez.`,
  ];
  const footer = 'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.';
  return {
    to,
    subject: `${appName}: redefinição de senha`,
    text: `${paragraphs.join('\n\n')}\n\n${url}\n\n${footer}\n`,
    html: layout(appName, 'Redefinição de senha', paragraphs, { label: 'Redefinir senha', url }, footer),
  };
}

export function accountDeletionMail(appName: string, to: string, name: string, url: string, minutes: number): MailMessage {
  const paragraphs = [
    `Olá, ${name}!`,
    `Recebemos um pedido para excluir a sua conta no aplicativo ${appName}. Ao confirmar, a conta é desativada e os seus dados pessoais (nome, e-mail, telefone e CPF) são apagados, como prevê a LGPD.`,
    `Este link expira em ${minutes} minuto(s).`,
  ];
  const footer = 'Se você não pediu a exclusão, ignore este e-mail: nada será alterado.';
  return {
    to,
    subject: `${appName}: confirme a exclusão da sua conta`,
    text: `${paragraphs.join('\n\n')}\n\n${url}\n\n${footer}\n`,
    html: layout(appName, 'Exclusão de conta', paragraphs, { label: 'Confirmar exclusão', url }, footer),
  };
}

/** An invitation to the back office, or a new password link made by a master: both set the password. */
export function adminPasswordLinkMail(
  appName: string,
  to: string,
  name: string,
  username: string,
  url: string,
  hours: number,
  purpose: 'convite' | 'senha',
): MailMessage {
  const paragraphs = [
    `Olá, ${name}!`,
    purpose === 'convite'
      ? `Você recebeu um convite para o painel administrativo do ${appName}, com o usuário ${username}. Para começar, defina a sua senha pelo link abaixo.`
      : `Um administrador master gerou um novo link de senha para a sua conta no painel do ${appName} (usuário ${username}). A senha anterior deixou de funcionar; defina a nova pelo link abaixo.`,
    `Este link expira em ${hours} horas e só pode ser usado uma vez. Depois, entre com o usuário ${username}, a senha e o código 2FA do endereço IP de onde você vai entrar.`,
    'O código 2FA vem de um aplicativo autenticador (Google Authenticator, Microsoft Authenticator ou outro): peça a quem enviou este link o QR code do IP de onde você vai entrar e leia-o no aplicativo.',
  ];
  const footer = 'Se você não esperava este e-mail, avise a equipe do painel.';
  const title = purpose === 'convite' ? 'Convite para o painel' : 'Novo link de senha';
  return {
    to,
    subject: `${appName}: ${title.toLowerCase()}`,
    text: `${paragraphs.join('\n\n')}\n\n${url}\n\n${footer}\n`,
    html: layout(appName, title, paragraphs, { label: 'Definir senha', url }, footer),
  };
}

/**
 * A security alert about an admin's own account (AccountAlertsService): what happened and from where, and a link
 * to the profile's activity list, which asks for the usual login. Never a password, a 2FA secret or a token.
 */
export function accountAlertMail(
  appName: string,
  to: string,
  name: string,
  alert: { subject: string; title: string; paragraphs: string[] },
  profileUrl: string,
): MailMessage {
  const paragraphs = [`Olá, ${name}!`, ...alert.paragraphs];
  const footer =
    'Se não reconhece esta atividade, altere a sua senha no perfil e avise um administrador master. Este aviso é automático e nunca pede a sua senha nem o código 2FA.';
  return {
    to,
    subject: `${appName}: ${alert.subject}`,
    text: `${paragraphs.join('\n\n')}\n\nAtividade da conta: ${profileUrl}\n\n${footer}\n`,
    html: layout(appName, alert.title, paragraphs, { label: 'Ver a atividade da conta', url: profileUrl }, footer),
  };
}
