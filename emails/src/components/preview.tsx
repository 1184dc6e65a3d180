/**
 * The hidden preview line mail clients show next to the subject, like react-email's `Preview`, but
 * always followed by the same filler (react-email pads its text to 150 characters, so its output depends on
 * the text's length, which would keep a rendered template from being reused for other values; see
 * render-cache.ts). The filler keeps clients from pulling the body's first words into the preview.
 */
const FILLER = '\xA0\u200C\u200B\u200D\u200E\u200F\uFEFF'.repeat(100);

export function Preview({ children }: { children: string }) {
  return (
    <div
      style={{ display: 'none', overflow: 'hidden', lineHeight: '1px', opacity: 0, maxHeight: 0, maxWidth: 0 }}
      data-skip-in-text
    >
      {children}
      <div>{FILLER}</div>
    </div>
  );
}
