import type { Page } from 'playwright-core';

/** Words that stay in Latin letters in Arabic too: product names and the other language's own name. */
export const LATIN_IN_ARABIC = ['LinkedIn', 'WhatsApp', 'English', 'Mashrou', 'Bull Board', 'PDF', 'PostgreSQL'];

/** Text for screen readers only (Mantine's VisuallyHidden): read though it has no box. */
const SR_ONLY = '.mantine-VisuallyHidden-root, [class*="visuallyHidden"]';

/**
 * Every text a reader of the page meets: each visible text node (and text for screen readers only),
 * what is given to assistive technology or shown in a field (`aria-label`, `title`, `placeholder`,
 * `alt`), and the document's title.
 */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate((srOnlySelector) => {
    const out: string[] = [];
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && el.getClientRects().length > 0;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      // Text for screen readers only (Mantine's VisuallyHidden) counts, though it has no box.
      const srOnly = parent.closest(srOnlySelector);
      if ((srOnly || visible(parent)) && n.textContent?.trim()) out.push(n.textContent.trim());
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      // Hidden from everyone (a library's measuring element): nobody reads its label.
      if (el.closest('[aria-hidden="true"]') || (!visible(el) && !el.closest(srOnlySelector))) continue;
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(attr)?.trim();
        if (v) out.push(v);
      }
    }
    const dialogTitle = document.title.trim();
    if (dialogTitle) out.push(dialogTitle);
    return out;
  }, SR_ONLY);
}

/**
 * The texts on the page that show a catalogue key instead of its words (`adminHome.queues`): a text
 * whose part of the catalogue the screen did not load, or a key that does not exist. `sections` are
 * the catalogue's top-level sections (src/locales/en.json).
 */
export async function rawKeys(page: Page, sections: readonly string[]): Promise<string[]> {
  const key = new RegExp(String.raw`(^|[^\w@.])(${sections.join('|')})\.[A-Za-z][\w-]*`);
  return [...new Set((await pageTexts(page)).filter((text) => key.test(text)))];
}

/**
 * The texts a reader of an Arabic page sees in Latin letters that are not data: every visible text
 * node and every text given to assistive technology or shown in a field (`aria-label`, `title`,
 * `placeholder`, `alt`), once the data the test typed or seeded (`data`: names, emails, titles,
 * skills…), addresses, links, numbers and LATIN_IN_ARABIC are taken out. An empty list means the
 * page is all Arabic.
 */
export async function untranslatedTexts(page: Page, data: readonly string[]): Promise<string[]> {
  const texts = await pageTexts(page);
  const known = [...data, ...LATIN_IN_ARABIC].filter(Boolean).sort((a, b) => b.length - a.length);
  const left: string[] = [];
  for (const text of texts) {
    let rest = text;
    for (const d of known) rest = rest.split(d).join(' ');
    rest = rest
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ') // email addresses
      .replace(/\bhttps?:\/\/\S+/g, ' ') // links
      .replace(/\b[0-9a-f]{8}-[0-9a-f-]{27}\b/gi, ' '); // ids
    if (/[A-Za-z]/.test(rest)) left.push(text);
  }
  return [...new Set(left)];
}
