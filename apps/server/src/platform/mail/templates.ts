import type { MailMessage } from './mailer';

const PRODUCT = 'Finlens';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function message(
  to: string,
  subject: string,
  intro: string,
  link: string,
  action: string,
  outro: string,
): MailMessage {
  const text = `${intro}\n\n${action}:\n${link}\n\n${outro}\n\n— ${PRODUCT}\n`;
  const html = `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>
<p style="color: #555">${escapeHtml(outro)}</p>
<p>— ${PRODUCT}</p>
</body></html>`;
  return { to, subject: `${PRODUCT}: ${subject}`, text, html, link };
}

export function verificationMail(to: string, link: string): MailMessage {
  return message(
    to,
    'confirm your email address',
    'Welcome to Finlens. Please confirm that this is your email address.',
    link,
    'Confirm your email address',
    'The link works once and expires in 3 days. If you did not sign up, ignore this email.',
  );
}

export function resetMail(to: string, link: string): MailMessage {
  return message(
    to,
    'reset your password',
    'Someone (hopefully you) asked to reset the password of your Finlens account.',
    link,
    'Choose a new password',
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this email; your password stays as it is.',
  );
}

export function invitationMail(to: string, link: string, clientName: string): MailMessage {
  return message(
    to,
    `you are invited to ${clientName}`,
    `You have been invited to join ${clientName} on Finlens.`,
    link,
    'Set your password and join',
    'The link works once and expires in 7 days.',
  );
}

/** To an address that already has an account: it joins only when it accepts, in the switching view. */
export function invitationToAccountMail(to: string, link: string, clientName: string): MailMessage {
  return message(
    to,
    `you are invited to ${clientName}`,
    `You have been invited to join ${clientName} on Finlens. Sign in to accept or decline it on the Switch Account page.`,
    link,
    'Sign in',
    'The invitation expires in 7 days.',
  );
}

export function accountExistsMail(to: string, link: string): MailMessage {
  return message(
    to,
    'you already have an account',
    'Someone tried to sign up with this email address, but it already has a Finlens account.',
    link,
    'Sign in or reset your password',
    'If this was not you, you can ignore this email.',
  );
}
