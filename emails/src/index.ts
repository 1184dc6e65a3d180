import { createElement, type ComponentType } from 'react';
import { render } from '@react-email/render';
import { TestEmail, testEmailSubject, type TestEmailProps } from './templates/test.email.js';

/** Every template: its component and its subject line, by name. */
const templates = {
  TestEmail: { component: TestEmail, subject: testEmailSubject },
} satisfies Record<string, { component: ComponentType<never>; subject: (props: never) => string }>;

export interface TemplateProps {
  TestEmail: TestEmailProps;
}
export type TemplateName = keyof TemplateProps;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Renders a template to subject, HTML and plain text. */
export async function renderEmail<N extends TemplateName>(name: N, props: TemplateProps[N]): Promise<RenderedEmail> {
  const t = templates[name] as unknown as {
    component: ComponentType<TemplateProps[N]>;
    subject: (p: TemplateProps[N]) => string;
  };
  const element = createElement(t.component, props);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: t.subject(props), html, text };
}

export { TestEmail, type TestEmailProps };
