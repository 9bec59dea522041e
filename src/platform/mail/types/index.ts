import type { PlatformMailType } from '../mail-type.js';
import { customerDoubleOptInMailType, customerRegisterMailType, passwordRecoveryMailType } from './customer-mail-types.js';
import { contactFormMailType, newsletterDoubleOptInMailType } from './form-mail-types.js';
import { orderCancelledMailType, orderConfirmationMailType, paymentReceivedMailType, refundCompletedMailType } from './order-mail-types.js';

/** The platform's mail types; each is created with its English template on the first start. */
export const platformMailTypes: readonly PlatformMailType[] = [
  orderConfirmationMailType,
  paymentReceivedMailType,
  refundCompletedMailType,
  orderCancelledMailType,
  customerRegisterMailType,
  customerDoubleOptInMailType,
  passwordRecoveryMailType,
  contactFormMailType,
  newsletterDoubleOptInMailType,
];
