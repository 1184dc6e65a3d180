import { createTheme, type MantineColorsTuple } from '@mantine/core';

const teal: MantineColorsTuple = [
  '#e6fbf8',
  '#cff3ee',
  '#a2e6dc',
  '#70d9c9',
  '#48cdb9',
  '#2fc6ae',
  '#1ec2a9',
  '#0aab94',
  '#0f766e',
  '#005f56',
];

/** Mashrou's look: deep teal with warm sand accents, rounded and calm. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand: teal },
  fontFamily: 'Inter, "Segoe UI", "Noto Sans Arabic", system-ui, -apple-system, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", "Noto Sans Arabic", system-ui, sans-serif', fontWeight: '750' },
  defaultRadius: 'md',
});
