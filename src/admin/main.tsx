import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, Notification, createTheme, defaultVariantColorsResolver, parseThemeColor, type CSSVariablesResolver, type VariantColorsResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { SessionProvider } from './auth';
import { App } from './app';

// Text at 4.5:1 or more (WCAG AA) where Mantine's defaults fall short: the light, subtle and outline variants
// (the active navigation entry, light badges, subtle buttons) write the primary shade on white or a tint of it;
// shade 9 passes, except for the hues whose darkest shade is still too light, which take the dark text colour.
// Filled variants pick black or white text by the background (autoContrast). Dimmed text: gray 7, not 6.
const TOO_LIGHT_HUES = new Set(['green', 'lime', 'yellow', 'orange']);
// variants that write the colour itself as text on white or on a tint of it
const TINTED_VARIANTS = new Set(['light', 'subtle', 'outline']);
const variantColorResolver: VariantColorsResolver = (input) => {
  const colours = defaultVariantColorsResolver(input);
  if (!TINTED_VARIANTS.has(input.variant)) return colours;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colours;
  return { ...colours, color: TOO_LIGHT_HUES.has(parsed.color) ? 'var(--mantine-color-dark-7)' : `var(--mantine-color-${parsed.color}-9)` };
};
const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 7,
  defaultRadius: 'md',
  autoContrast: true,
  variantColorResolver,
  components: {
    // toasts: a named close button, and their text in the body colour (Mantine's gray 6 is 3.3:1 on white)
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close message' } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    }),
  },
});
const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  // the navigation's active entry is drawn with the primary colour's light variable, not the resolver
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-primary-color-light-color': `var(--mantine-color-${current.primaryColor}-9)` },
  dark: {},
});
// the page's Content-Security-Policy admits `<style>` elements with this nonce only (the browser hides the
// attribute after load; the property keeps it). Mantine takes it as getStyleNonce; the scroll lock of its
// modals (react-remove-scroll, through get-nonce) reads it from the global webpack's builds define.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
(globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = styleNonce;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} getStyleNonce={styleNonce === undefined ? undefined : () => styleNonce}>
      <Notifications position="top-right" />
      <SessionProvider>
        <App />
      </SessionProvider>
    </MantineProvider>
  </StrictMode>,
);
