export { PaydPaymentProviderService } from './providers/payd/service';
export { validateOptions, type PaydOptions } from './providers/payd/options';
export { cartAmount, minorUnitsOf } from './providers/payd/amounts';
export { sessionStateOf, webhookActionOf } from './providers/payd/states';
export { verifyWebhook } from './providers/payd/webhook';
