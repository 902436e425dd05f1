export { PaydPaymentProviderService } from './providers/payd/service';
export { validateOptions, type PaydOptions } from './providers/payd/options';
export { sessionStateOf, webhookActionOf } from './providers/payd/states';
export { verifyWebhook } from './providers/payd/webhook';
