/** The storefront framework's public API; see ../README.md. */
export { registerStorefrontFramework, assetUrl, type StorefrontPlatform } from './register.js';
export { setNavigationProvider, setCartCountProvider, setCustomerResolver, setSalesChannelResolver, salesChannelIdOf, addTemplateFolder, addTemplateFilter } from './framework.js';
export { storefrontRoutes, customerNotLoggedIn, LOGIN_PATH, type StorefrontRoutes, type StorefrontRouteOptions, type StorefrontRouteDefinition } from './routes.js';
export { renderPage, type CommonPageData } from './render-page.js';
export { getOrCreateSessionToken, renewSessionToken, setSessionToken, SESSION_COOKIE } from './session.js';
export { addFlash, redirectWithFlash, FLASH_COOKIE, type FlashType, type FlashMessage } from './flash.js';
export { safeLocalPath } from './safe-local-path.js';
export { registerProfileSlot, renderProfileSlots, type ProfileSlot, type RenderedProfileSlot } from './profile-slots.js';
export { safeHtml, type SafeHtml, type TemplateFilter } from './template-views.js';
export { CSRF_FIELD, CSRF_HEADER } from './csrf.js';
export type {
  StorefrontCustomer,
  StorefrontContext,
  BuyerContext,
  CustomerContext,
  StorefrontRequest,
  StorefrontHandler,
  NavigationItem,
  NavigationProvider,
  CartCountProvider,
  CustomerResolver,
  SalesChannelResolver,
} from './types.js';
