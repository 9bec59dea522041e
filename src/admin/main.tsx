import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { SessionProvider } from './auth';
import { App } from './app';

const theme = createTheme({ primaryColor: 'indigo', defaultRadius: 'md' });
// the page's Content-Security-Policy admits `<style>` elements with this nonce only (the browser hides the
// attribute after load; the property keeps it). Mantine takes it as getStyleNonce; the scroll lock of its
// modals (react-remove-scroll, through get-nonce) reads it from the global webpack's builds define.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
(globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = styleNonce;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} getStyleNonce={styleNonce === undefined ? undefined : () => styleNonce}>
      <Notifications position="top-right" />
      <SessionProvider>
        <App />
      </SessionProvider>
    </MantineProvider>
  </StrictMode>,
);
