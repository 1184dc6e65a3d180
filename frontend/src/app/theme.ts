import { createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
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

/** A Mantine palette with some shades replaced (index → colour). */
const adjust = (base: MantineColorsTuple, shades: Record<number, string>): MantineColorsTuple =>
  base.map((c, i) => shades[i] ?? c) as unknown as MantineColorsTuple;
const { gray, red, orange, teal, green, yellow } = DEFAULT_THEME.colors;

/**
 * Text contrast ≥ 4.5:1 (WCAG AA) by construction. With primaryShade 8, Mantine draws text colours
 * (`c="red"`), outline variants and filled backgrounds with shade 8, light variants with shade 9 on
 * shade 1, dimmed text with gray 6, placeholders with gray 5 and errors with red 6. Ratios on white
 * (on gray 0, the dashboard's background):
 *   gray 6 #636b73 5.41 (5.13) · gray 5 #6b737b 4.81 · red 6 #d12b2b 5.13 (4.87) · red 8 #b02525 6.69
 *   teal 8 #08775a 5.53 (5.25) · orange 8 #b8430a 5.46 (5.18) · green 8 #237032 6.11 (5.80)
 *   light variants, shade 9 on shade 1: red 6.21, teal 6.04, orange 6.15, green 5.73, yellow 5.82.
 * Filled backgrounds too light for white text (yellow) get black text: autoContrast, at the
 * luminance where black and white are equally far from 4.5:1.
 */
const colors = {
  brand,
  gray: adjust(gray, { 5: '#6b737b', 6: '#636b73' }),
  red: adjust(red, { 6: '#d12b2b', 7: '#c92a2a', 8: '#b02525', 9: '#a51d1d' }),
  orange: adjust(orange, { 7: '#c2410c', 8: '#b8430a', 9: '#9a3412' }),
  teal: adjust(teal, { 7: '#087f5b', 8: '#08775a', 9: '#066649' }),
  green: adjust(green, { 7: '#2b8a3e', 8: '#237032', 9: '#1e6b2e' }),
  yellow: adjust(yellow, { 9: '#855300' }),
};

/** Mashrou's look: deep teal with warm sand accents, rounded and calm. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors,
  autoContrast: true,
  luminanceThreshold: 0.179,
  fontFamily: 'Inter, "Segoe UI", "Noto Sans Arabic", system-ui, -apple-system, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", "Noto Sans Arabic", system-ui, sans-serif', fontWeight: '750' },
  defaultRadius: 'md',
  components: {
    // People's own text follows the direction they type it in (an English name in an Arabic form, an
    // Arabic bio in an English one); an empty field keeps the page's. Emails, links, phone numbers and
    // passwords stay left to right (global.css). Multiline fields are GrowingTextarea, which sets it itself.
    // (Plain objects: importing the components here would put them in every page's first chunk.)
    TextInput: { defaultProps: { dir: 'auto' } },
  },
});
