import { Button as EmailButton } from '@react-email/components';
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
