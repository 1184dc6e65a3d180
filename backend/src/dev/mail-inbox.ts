/**
 * A local mail inbox for development: an SMTP server that keeps every message in memory and a small
 * web UI to read them. `npm run up` starts it; docker-compose uses Mailpit instead.
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

interface Stored {
  id: number;
  from: string;
  to: string;
  subject: string;
  date: string;
  html: string;
  text: string;
}

const smtpPort = Number(process.env.INBOX_SMTP_PORT ?? 1025);
const webPort = Number(process.env.INBOX_WEB_PORT ?? 8025);
const host = process.env.INBOX_HOST ?? '127.0.0.1';
const messages: Stored[] = [];
let nextId = 1;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, _session, callback) {
    simpleParser(stream).then((mail) => {
      messages.unshift({
        id: nextId++,
        from: mail.from?.text ?? '',
        to: Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? ''),
        subject: mail.subject ?? '(no subject)',
        date: (mail.date ?? new Date()).toISOString(),
        html: typeof mail.html === 'string' ? mail.html : '',
        text: mail.text ?? '',
      });
      if (messages.length > 500) messages.pop();
      callback();
    }, callback);
  },
});

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(selected?: Stored) {
  const list = messages
    .map(
      (m) => `<a class="item${selected?.id === m.id ? ' on' : ''}" href="/?id=${m.id}">
        <b>${esc(m.subject)}</b><span>${esc(m.to)}</span><small>${esc(new Date(m.date).toLocaleString())}</small></a>`,
    )
    .join('');
  const body = selected
    ? `<h2>${esc(selected.subject)}</h2><p class="meta">From ${esc(selected.from)} to ${esc(selected.to)}</p>
       <iframe sandbox="" srcdoc="${esc(selected.html || `<pre>${esc(selected.text)}</pre>`)}"></iframe>
       <details><summary>Plain text</summary><pre>${esc(selected.text)}</pre></details>`
    : `<p class="empty">${messages.length ? 'Pick a message.' : 'No mail yet. Emails sent by the worker show up here.'}</p>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Mashrou local inbox</title>
  <meta http-equiv="refresh" content="${selected ? 30 : 5}">
  <style>body{margin:0;font:14px system-ui,sans-serif;display:flex;height:100vh;color:#1f2937}
  nav{width:340px;overflow:auto;border-right:1px solid #e5e7eb;background:#f9fafb}
  header{padding:14px 16px;background:#0f766e;color:#fff;font-weight:700}
  .item{display:flex;flex-direction:column;gap:2px;padding:10px 16px;border-bottom:1px solid #e5e7eb;color:inherit;text-decoration:none}
  .item.on,.item:hover{background:#ccfbf1}.item span,.item small{color:#6b7280}
  main{flex:1;padding:16px 24px;overflow:auto}iframe{width:100%;height:60vh;border:1px solid #e5e7eb;border-radius:6px}
  .meta,.empty{color:#6b7280}pre{white-space:pre-wrap}</style></head>
  <body><nav><header>Mashrou inbox (${messages.length})</header>${list}</nav><main>${body}</main></body></html>`;
}

const web = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://inbox');
  if (url.pathname === '/api/messages') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(messages));
    return;
  }
  if (url.pathname === '/api/messages/clear' && req.method === 'POST') {
    messages.length = 0;
    res.writeHead(204).end();
    return;
  }
  const selected = messages.find((m) => m.id === Number(url.searchParams.get('id')));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page(selected));
});

smtp.listen(smtpPort, host, () => {
  web.listen(webPort, host, () => {
    console.log(`mail inbox: SMTP on ${host}:${smtpPort}, web on http://${host}:${webPort}`);
  });
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    smtp.close(() => web.close(() => process.exit(0)));
  });
}
