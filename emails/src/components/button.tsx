import { Button as EmailButton, Link, Text } from '@react-email/components';
import { brand } from './layout.js';

export function Button({ href, children }: { href: string; children: string }) {
  return (
    <EmailButton
      href={href}
      style={{
        backgroundColor: brand.color,
        color: '#ffffff',
        padding: '12px 20px',
        borderRadius: 6,
        fontWeight: 600,
        fontSize: 15,
      }}
    >
      {children}
    </EmailButton>
  );
}

/** A button, then its address written out after `pasteLink` ("Or paste this link…"), for mail clients that hide buttons. */
export function ButtonWithLink({ href, children, pasteLink }: { href: string; children: string; pasteLink: string }) {
  return (
    <>
      <Button href={href}>{children}</Button>
      <Text style={{ fontSize: 13, color: brand.muted }}>
        {pasteLink}
        <Link href={href}>{href}</Link>
      </Text>
    </>
  );
}
