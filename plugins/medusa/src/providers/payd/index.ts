// The module provider Medusa loads from medusa-config.ts:
// { resolve: "@payd/medusa-payment/providers/payd", id: "payd", options: {...} }
import { ModuleProvider, Modules } from '@medusajs/framework/utils';
import { PaydPaymentProviderService } from './service';

export default ModuleProvider(Modules.PAYMENT, { services: [PaydPaymentProviderService] });
