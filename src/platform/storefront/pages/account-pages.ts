import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors/app-error.js';
import { loadCustomerJson } from '../../customer/account/customer-json.js';
import { loginCustomer, logoutCustomer } from '../../customer/account/customer-login.js';
import { convertGuest } from '../../customer/account/guest-conversion.js';
import { registerCustomer } from '../../customer/account/register-customer.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { LOGIN_PATH, addFlash, redirectWithFlash, renderPage, renderProfileSlots, safeLocalPath, storefrontRoutes } from '../http/index.js';
import { clientErrorMessages, formErrors, formFields } from './form-input.js';
import type { StorefrontServices } from './storefront-services.js';
import { channelCountries } from './channel-countries.js';

const ACCOUNT_PATH = '/account';
const REGISTER_PATH = '/account/register';

// where to go afterwards; safeLocalPath falls back for anything that is not a local path (a list too)
const RedirectQuery = { querystring: Type.Object({ redirectTo: Type.Optional(Type.Unknown()) }) };
// `guest=1`: the details for one order, without an account (offered on the way to checkout only)
const RegisterQuery = { querystring: Type.Object({ redirectTo: Type.Optional(Type.Unknown()), guest: Type.Optional(Type.Unknown()) }) };

const BAD_CREDENTIALS_MESSAGE = 'Could not find an account that matches the given e-mail address and password.';

/** Form fields of the registration form and the registration body pointers they answer to. */
const REGISTRATION_FIELDS: Record<string, string> = {
  '/firstName': 'firstName',
  '/lastName': 'lastName',
  '/email': 'email',
  '/password': 'password',
  '/billingAddress/street': 'street',
  '/billingAddress/zipcode': 'zipcode',
  '/billingAddress/city': 'city',
  '/billingAddress/countryId': 'countryId',
  '/billingAddress/company': 'company',
  '/billingAddress/phoneNumber': 'phoneNumber',
};

/** Login, registration, logout and the profile page. */
export function registerAccountPages(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts } = services;
  const routes = storefrontRoutes(app);

  routes.page(
    LOGIN_PATH,
    async (request, reply) => {
      const redirectTo = safeLocalPath(request.query.redirectTo, ACCOUNT_PATH);
      if (request.storefront.customer) return reply.redirect(redirectTo, 302);
      return renderPage(reply, 'account/login.njk', { values: {}, redirectTo, guestCheckout: isCheckoutPath(redirectTo) });
    },
    { schema: RedirectQuery },
  );

  routes.formPost(LOGIN_PATH, async (request, reply) => {
    const fields = formFields(request.body);
    const redirectTo = safeLocalPath(fields.redirectTo, ACCOUNT_PATH);
    const guest = await contexts.contextOf(request);
    let customerContext: SalesChannelContext;
    try {
      customerContext = await loginCustomer(platform, guest, { email: fields.email ?? '', password: fields.password ?? '' }, request.ip);
    } catch (error) {
      clientErrorMessages(error);
      addFlash(reply, 'danger', loginFailureMessage(error as AppError));
      // one answer for unknown addresses and wrong passwords alike: nothing tells which it was
      return renderPage(reply, 'account/login.njk', { values: { email: fields.email ?? '' }, redirectTo, guestCheckout: isCheckoutPath(redirectTo) }, (error as AppError).status);
    }
    // the session takes the customer context's new token (the guest token is worth nothing now); the
    // guest's cart follows by itself: the checkout listens to the token change
    contexts.adopt(request, reply, customerContext);
    const firstName = customerContext.customer?.firstName;
    return redirectWithFlash(reply, redirectTo, 'success', firstName ? `Welcome back, ${firstName}!` : 'You are logged in.');
  }, { checksTextItself: true });

  routes.page(
    REGISTER_PATH,
    async (request, reply) => {
      const redirectTo = safeLocalPath(request.query.redirectTo, ACCOUNT_PATH);
      if (request.storefront.customer) return reply.redirect(redirectTo, 302);
      const context = await contexts.contextOf(request);
      const values = { countryId: context.salesChannel.countryId, ...(request.query.guest === '1' && isCheckoutPath(redirectTo) ? { guest: '1' } : {}) };
      return renderRegistration(reply, services, context, values, {}, redirectTo, 200);
    },
    { schema: RegisterQuery },
  );

  routes.formPost(REGISTER_PATH, async (request, reply) => {
    const fields = formFields(request.body);
    const redirectTo = safeLocalPath(fields.redirectTo, ACCOUNT_PATH);
    const guest = await contexts.contextOf(request);
    let customerContext: SalesChannelContext;
    let awaitsConfirmation: boolean;
    try {
      ({ context: customerContext, awaitsConfirmation } = await registerCustomer(platform, guest, registrationBody(fields)));
    } catch (error) {
      clientErrorMessages(error);
      const { fieldErrors, otherErrors } = formErrors(error, (pointer) => REGISTRATION_FIELDS[pointer]);
      for (const message of otherErrors) addFlash(reply, 'danger', message);
      if (otherErrors.length === 0) addFlash(reply, 'danger', 'Please check the marked fields.');
      // the entered values come back, the password never does
      const { password: _password, _csrf_token: _token, ...values } = fields;
      return renderRegistration(reply, services, guest, values, fieldErrors, redirectTo, 400);
    }
    if (awaitsConfirmation) {
      // (never for a guest: a guest has nothing to log in with)
      return redirectWithFlash(reply, LOGIN_PATH, 'info', 'Your account has been created. We have sent you an e-mail with a link: please confirm your address with it, then log in.');
    }
    contexts.adopt(request, reply, customerContext);
    if (customerContext.customer?.guest) return redirectWithFlash(reply, redirectTo, 'success', 'Thank you! Please check your order and place it.');
    return redirectWithFlash(reply, redirectTo, 'success', 'Your account has been created. Welcome!');
  }, { checksTextItself: true });

  // a guest's account after the order: the password makes the guest account a registered one (Shopware's
  // ConvertGuestRoute), then a login with it gives the session a new token, as every login does
  routes.formPost(
    '/account/convert-guest',
    async (request, reply) => {
      const fields = formFields(request.body);
      const buyer = request.storefront.buyer;
      if (!buyer.guest) return reply.redirect(ACCOUNT_PATH, 302);
      try {
        await convertGuest(platform, buyer.id, { password: fields.password ?? '' });
      } catch (error) {
        const messages = clientErrorMessages(error);
        for (const message of messages) addFlash(reply, 'danger', message);
        // back to the finish page the form is on
        return reply.redirect(safeLocalPath(fields.redirectTo, '/'), 302);
      }
      const context = await contexts.contextOf(request);
      contexts.adopt(request, reply, await loginCustomer(platform, context, { email: buyer.email, password: fields.password ?? '' }, request.ip));
      return redirectWithFlash(reply, ACCOUNT_PATH, 'success', 'Your account has been created. Welcome!');
    },
    { requireBuyer: true, checksTextItself: true },
  );

  routes.formPost('/account/logout', async (request, reply) => {
    const context = await contexts.contextOf(request);
    if (context.customer) contexts.adopt(request, reply, await logoutCustomer(platform, context));
    return redirectWithFlash(reply, LOGIN_PATH, 'success', 'You have been logged out.');
  });

  routes.page(
    ACCOUNT_PATH,
    async (request, reply) => {
      const account = await loadCustomerJson(platform, request.storefront.customer.id);
      if (!account) throw new AppError(404, 'CHECKOUT__CUSTOMER_NOT_FOUND', 'Your account could not be found.');
      return renderPage(reply, 'account/profile.njk', { accountSection: 'overview', account, profileSlots: await renderProfileSlots(request) });
    },
    { requireCustomer: true },
  );

  // Shopware's profile address; extensions return here after saving their profile forms
  routes.page('/account/profile', async (_request, reply) => reply.redirect(ACCOUNT_PATH, 302));
}

/** Guest orders are offered on the way to checkout, where an order follows; elsewhere the form creates an account. */
function isCheckoutPath(path: string): boolean {
  return path === '/checkout' || path.startsWith('/checkout/') || path.startsWith('/checkout?');
}

function loginFailureMessage(error: AppError): string {
  if (error.code === 'CHECKOUT__CUSTOMER_AUTH_THROTTLED') {
    const seconds = (error.meta?.parameters as { seconds?: unknown } | undefined)?.seconds;
    return `Too many failed login attempts. Please try again in ${typeof seconds === 'number' ? seconds : 'a few'} seconds.`;
  }
  return BAD_CREDENTIALS_MESSAGE;
}

/** The Store API registration body the form's flat fields stand for. */
function registrationBody(fields: Record<string, string>): Record<string, unknown> {
  return {
    firstName: fields.firstName ?? '',
    lastName: fields.lastName ?? '',
    email: fields.email ?? '',
    // a guest orders without an account: no password (the registration ignores one)
    ...(fields.guest === '1' && isCheckoutPath(safeLocalPath(fields.redirectTo, ACCOUNT_PATH)) ? { guest: true } : { password: fields.password ?? '' }),
    billingAddress: {
      street: fields.street ?? '',
      zipcode: fields.zipcode ?? '',
      city: fields.city ?? '',
      countryId: fields.countryId ?? '',
      company: fields.company ?? '',
      phoneNumber: fields.phoneNumber ?? '',
    },
  };
}

async function renderRegistration(
  reply: FastifyReply,
  services: StorefrontServices,
  context: SalesChannelContext,
  values: Record<string, string>,
  errors: Record<string, string>,
  redirectTo: string,
  status: number,
): Promise<FastifyReply> {
  const countries = await channelCountries(services, context);
  return renderPage(
    reply,
    'account/register.njk',
    { values, errors, redirectTo, countries },
    status,
  );
}
