// A plain "salon website" on its own origin that embeds the Pawline booking widget with one script
// tag pointing at the gateway: `node tools/salon-site/server.mjs` (README.md). No framework, no build.
import http from 'node:http';

const port = Number(process.env.SALON_PORT ?? 4300);
const host = process.env.SALON_HOST ?? '127.0.0.1';
const gateway = (process.env.PAWLINE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const defaultStore = process.env.SALON_STORE ?? '';

const MODES = ['inline', 'popup', 'floating'];
const LANGUAGES = ['en', 'it', 'de', 'fr'];
const escape = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

// The salon's own CSS is deliberately heavy-handed (every element, every button): the widget's
// shadow root must keep it out, and the widget's CSS must not change this page.
const SALON_CSS = `
* { font-family: Georgia, serif; color: #5a2d0c; letter-spacing: .02em }
body { margin: 0; background: #fdf6ec; }
header { background: #5a2d0c; padding: 24px; } header * { color: #fff }
main { max-width: 880px; margin: 0 auto; padding: 24px }
button { background: #e07a5f; border: 3px dashed #5a2d0c; text-transform: uppercase; font-size: 22px; }
h2 { font-size: 40px; text-decoration: underline; }
input, select { border: 3px solid hotpink; }
nav a { margin-right: 12px }
`;

export function salonPage({ mode, store, lang, widgetLang }) {
  const widgetAttributes = [`store="${escape(store)}"`, `mode="${escape(mode)}"`, widgetLang ? `lang="${escape(widgetLang)}"` : '']
    .filter(Boolean)
    .join(' ');
  return `<!doctype html>
<html lang="${escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Toelettatura Zampa Felice — ${escape(mode)}</title>
<style>${SALON_CSS}</style>
<script src="${escape(gateway)}/booking-widget/pawline-booking.js" defer></script>
</head>
<body>
<header><h1>Toelettatura Zampa Felice</h1><p>Grooming for dogs, cats and rabbits since 1998</p></header>
<main>
<nav>${MODES.map((m) => `<a href="/${m}?store=${encodeURIComponent(store)}&amp;lang=${lang}">${m}</a>`).join('')}</nav>
<h2>Book online</h2>
<p>Choose your pet, the treatments and a free time: we confirm by phone or message.</p>
<button type="button" id="salon-button">Our price list</button>
<pawline-booking ${widgetAttributes}></pawline-booking>
<p>Via Roma 1, Torino · +39 011 000000</p>
</main>
</body>
</html>`;
}

function indexPage() {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Salon site</title></head><body>
<h1>Salon site for the Pawline booking widget</h1>
<p>Gateway: ${escape(gateway)}. Open a mode with your store's public id (booking setup): <code>/inline?store=&lt;public id&gt;&amp;lang=it</code>.</p>
<ul>${MODES.map((m) => `<li><a href="/${m}?store=${encodeURIComponent(defaultStore)}">${m}</a></li>`).join('')}</ul>
</body></html>`;
}

export function createSalonServer() {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const mode = url.pathname.slice(1);
    let body;
    if (url.pathname === '/') body = indexPage();
    else if (MODES.includes(mode)) {
      const lang = LANGUAGES.includes(url.searchParams.get('lang') ?? '') ? url.searchParams.get('lang') : 'en';
      const widgetLang = url.searchParams.get('widget_lang');
      body = salonPage({ mode, store: url.searchParams.get('store') ?? defaultStore, lang, widgetLang });
    } else {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = createSalonServer().listen(port, host, () => {
    // the tests read this line for the port (SALON_PORT=0 takes a free one)
    console.log(`Salon site on http://${host}:${server.address().port} embedding ${gateway}/booking-widget/pawline-booking.js`);
  });
}
