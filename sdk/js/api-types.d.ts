// Generated from docs/openapi.yaml by scripts/gen-sdk-types.mjs (openapi-typescript): do not edit.
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers while the process runs.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description Ready when the database answers and no chain is stopped; the environment is the server's.
         *     A chain stops when a token's contract does not match the configuration (no contract at the
         *     address, other `decimals()`, or another `symbol()` for a token of payd's chain catalog): then
         *     503 `unavailable`, whose message names each chain and token and what differs, with
         *     `Retry-After: 300` (the tokens are checked again every 5 minutes; a fixed configuration takes
         *     a restart).
         *
         *     A chain read from several providers (`providers`, `quorum`) whose providers disagree on a
         *     block, with no quorum agreeing, records and confirms nothing until they do; payd stays ready
         *     (payers can still pay, and their payments are recorded once a quorum agrees) and
         *     `confirmationsWaiting` names each such chain, the block and every provider's answer.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/integrations/{publicId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
            };
            cookie?: never;
        };
        /**
         * Integration configuration
         * @description The integration's public configuration, exactly the spec's shape.
         */
        get: operations["getPublicIntegration"];
        put?: never;
        post?: never;
        delete?: never;
        /** CORS preflight */
        options: operations["preflightPublicIntegration"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/integrations/{publicId}/intent": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a payment intent
         * @description Creates a payment intent with the integration's payout address and constraints. The answer
         *     is the payer's view (the merchant's fields are left out: it goes to the payer's browser).
         *     Limited to 30 creations a minute per client and integration, and to 10,000 open key-less
         *     intents per integration.
         */
        post: operations["createPublicIntent"];
        delete?: never;
        /** CORS preflight */
        options: operations["preflightPublicIntent"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/integrations/{publicId}/intents/{intentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        /** The payer's view of an intent */
        get: operations["getPublicIntent"];
        put?: never;
        post?: never;
        delete?: never;
        /** CORS preflight */
        options: operations["preflightPublicIntentGet"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/integrations/{publicId}/intents/{intentId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        /**
         * The payer's view, live (server-sent events)
         * @description An `intent` event with the payer's view at once, then whenever the view changes; a
         *     `: keepalive` comment after 15 s without one; `retry: 3000`. The stream ends after a final
         *     state or 10 minutes. At most 10 open streams per client address (the 11th is `429`).
         */
        get: operations["streamPublicIntent"];
        put?: never;
        post?: never;
        delete?: never;
        /** CORS preflight */
        options: operations["preflightPublicIntentEvents"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/integrations/{publicId}/intents/{intentId}/sender-message": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        /** The message a wallet signs to prove it pays the intent */
        get: operations["getSenderMessage"];
        put?: never;
        post?: never;
        delete?: never;
        /** CORS preflight */
        options: operations["preflightSenderMessage"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/integrations/{publicId}/intents/{intentId}/conversions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        /**
         * The tokens a payer may pay this intent with, swapped in their own transaction
         * @description DECISIONS §16. With the integration's `autoConversion` on and a `preferredToken`, an intent
         *     in that token (an ERC-20) on a chain with a swap venue (Uniswap v3, `[chains.swap]` or the
         *     chain preset's) may be paid with the other tokens the integration allows there and with the
         *     chain's native coin: a swap in the payer's transaction (exact output) delivers exactly the
         *     intent's amount to the payout address. Each offer is the cheapest of Uniswap's fee tiers,
         *     quoted now with the deployment's QuoterV2 (`eth_call`); a token that no pool trades is left
         *     out. `404` when conversion is not offered for this intent, `409` once it no longer waits
         *     for payment, `503` when the chain's node cannot be asked (retry).
         */
        get: operations["listConversions"];
        put?: never;
        post?: never;
        delete?: never;
        /** CORS preflight */
        options: operations["preflightConversions"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/integrations/{publicId}/intents/{intentId}/conversions/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
                /** @description The symbol to pay with (one of the offers). */
                token: string;
            };
            cookie?: never;
        };
        /**
         * The calls a payer's wallet sends to pay this intent with another token
         * @description Quoted now. `calls` are sent in order by the payer's wallet (`eth_sendTransaction` with
         *     `to`, `data`, `value`): an ERC-20 `approve` of the router for `amountInMaximum` when the
         *     payer (`payer`) has not approved that much yet (always when `payer` is not given), then
         *     the router's `multicall(deadline, [exactOutputSingle(...), refundETH()])`. The swap reverts
         *     in the payer's transaction, recording nothing, if it would cost more than
         *     `amountInMaximum` (0.5% above the quote) or is mined after `deadline`; ask again for a fresh
         *     quote after `freshUntil`. payd signs nothing and holds nothing.
         */
        get: operations["prepareConversion"];
        put?: never;
        post?: never;
        delete?: never;
        /** CORS preflight */
        options: operations["preflightConversion"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/integrations/{publicId}/intents/{intentId}/sender-proof": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prove the payer's wallet (EIP-191 signature)
         * @description Makes `address` the intent's trusted sender hint; the last proof wins.
         */
        post: operations["proveSender"];
        delete?: never;
        /** CORS preflight */
        options: operations["preflightSenderProof"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment links
         * @description A bare array of all the tenant's links, newest first; any query parameter is `400`.
         */
        get: operations["listPaymentLinks"];
        put?: never;
        /** Create a payment link */
        post: operations["createPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment-links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment link id (`plink_…`). */
                linkId: components["parameters"]["LinkId"];
            };
            cookie?: never;
        };
        /** Get a payment link */
        get: operations["getPaymentLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change, deactivate or reactivate a payment link
         * @description Fields left out stay as they are; the terms are checked as a whole, as at creation. `status:
         *     inactive` switches the link off: its page says it no longer takes payments and the public
         *     endpoint refuses intents for it (`active` switches it on again). Intents already made from it
         *     keep their terms. `type` and `integrationId` cannot be changed.
         */
        patch: operations["updatePaymentLink"];
        trace?: never;
    };
    "/api/v1/payment-intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List payment intents */
        get: operations["listPaymentIntents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment-intents/{intentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        /** Get a payment intent (the merchant's view) */
        get: operations["getPaymentIntent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List payments */
        get: operations["listPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        /** Get a payment */
        get: operations["getPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The latest 100 events
         * @description Newest first; no parameters (any is `400`).
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook delivery records */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/{paymentId}/attach": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach an unmatched payment to an intent
         * @description The merchant decides (DECISIONS §5): a transfer kept unmatched (a wrong amount, no hint) pays
         *     an intent of the same chain and token, chosen and not resolved. Another chain or token, an
         *     unknown or resolved intent is a `400` naming `intentId`; a payment already matched or taken by a
         *     reorganisation a `400` naming `id`.
         */
        post: operations["attachPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/{paymentId}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        /** The payment's refunds, oldest first */
        get: operations["listPaymentRefunds"];
        put?: never;
        /**
         * Refund a confirmed payment, in full or in part
         * @description Makes a refund (DECISIONS §15, docs/api-reference.md "Refunds") of a `CONFIRMED` payment, in
         *     its chain and token, from the payout address it reached. `amount` is in the token's smallest
         *     units; `price` is in the currency the payment's intent was priced in, converted at the rate of
         *     the moment (kept in `rate`); neither is all that is left. The payment's refunds, canceled ones
         *     aside, never exceed what it paid (`400` naming `amount` or `price.amount`). The refund is
         *     `ready` at once when the hosted page's wallet proved it sent the payment (`addressSource`
         *     `payment_wallet`); otherwise `address_needed` until the payer gives an address on the refund
         *     page (`POST /api/v1/refunds/{refundId}/address-page`). `Idempotency-Key` replays the first answer.
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's refunds, newest first */
        get: operations["listRefunds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/refunds/{refundId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refundId: string;
            };
            cookie?: never;
        };
        /** One refund */
        get: operations["getRefund"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/refunds/{refundId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refundId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a refund whose transfer is not on chain
         * @description `requested`, `address_needed`, `ready` and `reversed` refunds may be canceled (`REFUND_CANCELED`);
         *     its amount no longer counts against the payment. A canceled refund is answered as it is; a
         *     `sent` or `confirmed` one is a `400`. A transfer sent for it afterwards matches nothing.
         */
        post: operations["cancelRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/refunds/{refundId}/address-page": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refundId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A link to the payer's refund page
         * @description For an `address_needed` refund: a new link (`/refund/<token>`, unguessable) to send the payer,
         *     working for 14 days and once; an earlier link stops working. payd keeps only a digest of the
         *     token: the URL is shown in this answer alone. Another status is a `400`.
         */
        post: operations["createRefundAddressPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/refunds/{refundId}/safe-batch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refundId: string;
            };
            cookie?: never;
        };
        /**
         * The refund's transfer as a Safe Transaction Builder batch file
         * @description For a refund ready to send (`ready`, `reversed`): the file Safe's Transaction Builder loads
         *     (`version`, `chainId`, `createdAt`, `meta`, `transactions` of `to`/`value`/`data`), for a
         *     payout address that is a Safe. Another status is a `400`.
         */
        get: operations["getRefundSafeBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's payouts, newest first, without their lines */
        get: operations["listPayouts"];
        put?: never;
        /**
         * Prepare a payout of up to 500 transfers
         * @description A batch of transfers out of one of the account's payout addresses (docs/api-reference.md
         *     "Payouts"): one chain, one token, 1 to 500 lines of `to` (EIP-55) and `amount` (smallest
         *     units), each with an optional `reference`. `from` must be the payout address of an enabled
         *     integration that takes this chain and token (payd watches its transfers out); it may be left
         *     out when there is exactly one. Every line is `ready` at once; payd sends nothing: the lines
         *     are signed by the merchant's wallet (each line's `transfer`, or the whole batch as one Safe
         *     Transaction Builder file) and matched on chain by chain, token, sender, recipient and exact
         *     amount, oldest first. A bad line is a `400` naming `lines[<index>].<field>` and nothing is
         *     stored. `Idempotency-Key` replays the first answer.
         */
        post: operations["createPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payouts/{payoutId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payoutId: string;
            };
            cookie?: never;
        };
        /** One payout with its lines */
        get: operations["getPayout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payouts/{payoutId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payoutId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel the lines of a payout not yet sent
         * @description Lines `ready` or `reversed` become `canceled` (`PAYOUT_CANCELED`); lines already `sent` go on
         *     to confirm. A payout with nothing left to cancel is answered as it is when it was canceled
         *     before, else with a `400`. A transfer sent for a canceled line afterwards matches nothing.
         */
        post: operations["cancelPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payouts/{payoutId}/safe-batch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payoutId: string;
            };
            cookie?: never;
        };
        /**
         * The lines still to send as one Safe Transaction Builder batch file
         * @description The lines waiting for their transfer (`ready`, `reversed`) as the file Safe's Transaction
         *     Builder loads: one MultiSend from the payout address. `400` when no line waits.
         */
        get: operations["getPayoutSafeBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment-intents/{intentId}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve an irregular intent as paid or not
         * @description For an intent with an `exception` (underpaid, overpaid, paid late, reversed after
         *     confirmation): `paid` makes it `PAID` (`PAYMENT_CONFIRMED` if it was not), `not_paid` makes it
         *     `FAILED` (`EXPIRED` for a late payment refused; their events), then `PAYMENT_RESOLVED`. From
         *     then on its status is the merchant's: its payments still count in `amountReceived`, and it takes
         *     no new transfer (they stay unmatched, to be seen). An intent without exception, or resolved the
         *     other way, is a `400`.
         */
        post: operations["resolveIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment-intents/{intentId}/sender-hint": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a trusted sender hint
         * @description DECISIONS §5 rule 2, merchant-given: a transfer from this address to the intent's payout
         *     address in its token pays it whatever its amount, while it waits; the unmatched transfers that
         *     address made since the intent was created are taken at once. `409 intent_not_waiting` once it no
         *     longer waits (paid, expired, resolved).
         */
        post: operations["setSenderHint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment-intents/{intentId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a payment intent
         * @description For an intent the merchant no longer wants (a cart that changed, an order given up; DECISIONS
         *     §12). A `CREATED` intent (its payer's chain and token chosen or not) becomes `EXPIRED` at once,
         *     with `canceledAt` set and `expiresAt` moved to that moment; `PAYMENT_EXPIRED` is sent as for an
         *     expiry. Its exact amount stays reserved, and payd keeps watching for it, for the 24 h late window
         *     from then: a transfer that still arrives is a late payment (`PAID` with `exception`
         *     `PAID_LATE`), shown to the merchant to decide, never a normal payment and never lost; the payer's
         *     page takes no new choice. Recorded in the audit log (`payment_intent.cancel`).
         *
         *     An intent canceled already is answered as it is (`200`, nothing sent again), so a retry is
         *     safe. A `PENDING`, `PAID` or `FAILED` intent (money was seen), or one whose `expiresAt` has
         *     passed, is a `400` naming its status. Another account's intent is a `404`, as a read of it is.
         *     No body, or `{}`.
         */
        post: operations["cancelIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List integrations */
        get: operations["listIntegrations"];
        put?: never;
        /**
         * Create an integration
         * @description The account key only: an integration says where the money goes. Its id is also its public id,
         *     the one the widget and `/public/integrations/{publicId}` take.
         */
        post: operations["createIntegration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{integrationId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An integration id (`int_…`). */
                integrationId: components["parameters"]["IntegrationId"];
            };
            cookie?: never;
        };
        /** Get an integration */
        get: operations["getIntegration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change, disable or enable an integration
         * @description Fields left out stay as they are; the terms are checked as a whole (a `preferredToken` no
         *     longer among `tokens` must be changed or cleared with null). A new payout address, chain or token
         *     applies to intents created from now on: open intents keep the address their payer was shown,
         *     and payd keeps watching it until the last of them is past its late window. `enabled: false`
         *     stops new payments (the public endpoints answer `404`, links and `/v1` refuse it); open
         *     intents are still watched and paid.
         */
        patch: operations["updateIntegration"];
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description `kind` `public` (the default; scoped), `integration` (for the widget and SDK of one integration)
         *     or `account` (every scope). payd keeps only the key's SHA-256 digest (DECISIONS §2).
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An API key id (`key_…`). */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        /** Get an API key */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{keyId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An API key id (`key_…`). */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description Permanent, and effective on the very next request, on every payd process sharing the database
         *     (the spec's "manual revocation"). The account key may revoke itself. No body, or `{}`.
         */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{keyId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An API key id (`key_…`). */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an API key
         * @description A new key of the same kind, name, scopes, integration, rate limit and expiry. The old text is
         *     revoked at once, or keeps working for `overlapSeconds` (at most 7 days) and then expires, so that
         *     a backend can deploy the new one first. Rotate the account key with its own id.
         */
        post: operations["rotateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description The URL must be https on mainnet and may not resolve to a private, loopback or link-local
         *     address unless the operator allows it (DECISIONS §7). `payloadShape` picks the `data` deliveries
         *     carry: `events` (the objects of `/api/v1`, the default here) or `v1` (those of `/v1`).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint id (`we_…`). */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        /** Get a webhook endpoint */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /** Delete a webhook endpoint */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Update, enable or disable a webhook endpoint
         * @description Fields left out stay as they are. Disabling fails the deliveries not yet made (they can be
         *     redelivered by hand once it is enabled again); `events: null` subscribes to every type again.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpointId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint id (`we_…`). */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to an endpoint
         * @description The endpoint must be enabled (else `400`). No body, or `{}`.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpointId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint id (`we_…`). */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        /** Deliveries to one endpoint */
        get: operations["listEndpointDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook delivery id (`whd_…`). */
                deliveryId: components["parameters"]["DeliveryId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event again
         * @description The endpoint must still exist and be enabled (else `400`). No body, or `{}`.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the account's webhook secret
         * @description The account key only. For 24 hours deliveries carry two signatures (`webhook-signature:
         *     v1,<new> v1,<old>`), so that the new secret can be deployed without missing one. Endpoints with a
         *     secret of their own (made through `/v1/webhooks`) are not affected. No body, or `{}`.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log
         * @description Every change made with a key, on the server (`cli`) or in the dashboard: who, what, when, the
         *     object before and after (never a secret). The account key only.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List payment intents (/v1) */
        get: operations["listV1PaymentIntents"];
        put?: never;
        /**
         * Create a payment intent (/v1)
         * @description Asks for an amount in USD or in one of the integration's tokens (DECISIONS §12). The payer
         *     chooses chain and token on the hosted page (`checkoutUrl`), which reserves the exact amount;
         *     until then the intent's chain fields are null in `/api/v1`.
         */
        post: operations["createV1PaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_intents/{intentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        /** Get a payment intent (/v1) */
        get: operations["getV1PaymentIntent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_intents/{intentId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a payment intent
         * @description For an intent the merchant no longer wants (a cart that changed, an order given up; DECISIONS
         *     §12). A `CREATED` intent (its payer's chain and token chosen or not) becomes `EXPIRED` at once,
         *     with `canceledAt` set and `expiresAt` moved to that moment; `PAYMENT_EXPIRED` is sent as for an
         *     expiry. Its exact amount stays reserved, and payd keeps watching for it, for the 24 h late window
         *     from then: a transfer that still arrives is a late payment (`PAID` with `exception`
         *     `paid_late`), shown to the merchant to decide, never a normal payment and never lost; the payer's
         *     page takes no new choice. Recorded in the audit log (`payment_intent.cancel`).
         *
         *     An intent canceled already is answered as it is (`200`, nothing sent again), so a retry is
         *     safe. A `PENDING`, `PAID` or `FAILED` intent (money was seen), or one whose `expiresAt` has
         *     passed, is a `400` naming its status. Another account's intent is a `404`, as a read of it is.
         *     No body, or `{}`.
         */
        post: operations["cancelV1PaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List confirmed payments (/v1) */
        get: operations["listV1Payments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        /** Get a confirmed payment (/v1) */
        get: operations["getV1Payment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List refunds (/v1), newest first */
        get: operations["listV1Refunds"];
        put?: never;
        /**
         * Refund a payment intent (/v1)
         * @description Stripe's way: `paymentIntent` (its one confirmed payment; `payment` names one when several
         *     paid it) and `amount` in the currency the intent was asked in (a JSON number's digits as
         *     written, or a decimal string), converted at the rate of the moment for a currency; none is
         *     all that is left. The rules of `POST /api/v1/payments/{paymentId}/refunds` (DECISIONS §15);
         *     their errors name `amount`. `Idempotency-Key` replays the first answer.
         */
        post: operations["createV1Refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{refundId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refundId: string;
            };
            cookie?: never;
        };
        /** Get a refund (/v1) */
        get: operations["getV1Refund"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{refundId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refundId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a refund whose transfer is not on chain (/v1) */
        post: operations["cancelV1Refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints (/v1) */
        get: operations["listV1Webhooks"];
        put?: never;
        /**
         * Create a webhook endpoint (/v1)
         * @description Its deliveries carry `data` in the `/v1` shape (`V1Intent`, `V1Payment`; DECISIONS §12) and are
         *     signed with its own secret. The URL is checked as on `/api/v1/webhook-endpoints`.
         */
        post: operations["createV1Webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint id (`we_…`). */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a webhook endpoint (/v1) */
        delete: operations["deleteV1Webhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment link id (`plink_…`, the link page) or a payment intent id (`pi_…`, the intent page; the receipt once paid). */
                id: string;
            };
            cookie?: never;
        };
        /**
         * The payer's page (or the link's public JSON)
         * @description The link page or the intent page. A client whose `Accept` ranks `application/json` above
         *     `text/html` gets, for a link, the link's public view (what `/widget.js` shows) and, for an
         *     unknown id, the `404` error as JSON. A `GET` of a link page counts a view.
         */
        get: operations["getPayPage"];
        put?: never;
        /**
         * The link page's form, or the payer's choice for an intent asked on /v1
         * @description On a link's page (`plink_…`): creates an intent from the form (the amount in the page's
         *     language, chain and token) with the same rules as the public endpoint, then redirects to
         *     the intent's page. On the page of an intent asked on `/v1` (`pi_…`, DECISIONS §12): records
         *     the payer's choice of chain and token (`option`), which reserves the exact amount, and
         *     redirects to the intent's page; so does a choice the intent no longer takes (something was
         *     sent, or it expired), without changing it.
         */
        post: operations["submitPayForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{id}/receipt": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email me a receipt (the payment page's optional field)
         * @description The payer's address for the receipt of the intent `id` (DECISIONS §18), when payd sends
         *     email: kept until the intent is paid, then the receipt is queued (merchant, price asked,
         *     amount paid, token, chain, transaction with its explorer link, time) and the address
         *     deleted; an intent already paid has its receipt queued at once. `303` back to the page
         *     at `#receipt` with `receipt=requested` (waiting for the payment), `sent` (queued),
         *     `invalid` (not an email address: the page says so) or `off`; `lang` carries the page's
         *     language to the receipt. The page in the widget's frame also sends `frame`, the shop's
         *     origin: the answer's fragment is then `#origin=<that origin>` instead of `#receipt`, so
         *     the page back in the frame still talks to the widget (a `frame` that is not an origin is
         *     ignored). The page never shows the address. Email off, or no such intent: `404`. Counted
         *     with the page's other forms (`429` beyond the limit).
         */
        post: operations["requestReceiptByEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/refund/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of a link made by `POST /api/v1/refunds/{refundId}/address-page`. */
                token: string;
            };
            cookie?: never;
        };
        /**
         * The payer's refund page
         * @description The refund (merchant, amount, chain and token) and a form for the payer's wallet address. A link expired, replaced or used is the `404` page.
         */
        get: operations["getRefundPage"];
        put?: never;
        /**
         * The payer's wallet address for the refund, typed twice
         * @description `address` and `address_again` must be the same address (0x and 40 hex digits; in mixed case
         *     its EIP-55 checksum must match), not the zero address, the payout address or the token's
         *     contract. Taken, the refund is `ready` (`REFUND_READY`) and the page says where it goes; the
         *     link stops working.
         */
        post: operations["submitRefundAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The overview, or a redirect to sign in
         * @description Signed in (a live session, a person not disabled), the overview; otherwise `303` to `/dashboard/sign-in`.
         */
        get: operations["getDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sign-in form
         * @description Already signed in, `303` to `/dashboard`.
         */
        get: operations["getSignIn"];
        put?: never;
        /**
         * Sign in with an address and a password
         * @description Signed in: a new session in `Set-Cookie`, `303` to `/dashboard`. An unknown address, a
         *     wrong password, a disabled person or one without a password yet get the same `400` page,
         *     in the same time. After 5 failures for one address (or 20 from one client) each further
         *     failure locks it for twice as long as the last (30 s up to 15 minutes; an hour without
         *     failures forgets): `429` with `Retry-After`, whatever the password.
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out, here or everywhere
         * @description Ends this session, or with `everywhere=1` every session of the person; clears the cookie and redirects to the sign-in form. Without a live session, only that.
         */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A one-time sign-in link's page
         * @description The form where a person invited (`payd user create` without a password) or reset (`payd user
         *     reset`) chooses a password. Opening it uses nothing up; an unknown, used or expired link,
         *     or a disabled person's, is `404`.
         */
        get: operations["getSignInLink"];
        put?: never;
        /**
         * Choose a password with a one-time link, and sign in
         * @description The password must have 12 to 1024 characters, not be one of the most used passwords nor the
         *     person's address (`400`, the form again). A person with two-factor sign-in must also give
         *     `code`, the authenticator's code or an unused recovery code (DECISIONS §13: a link alone
         *     never signs in): none or a wrong one is `400` and leaves the link unused, and counts
         *     against the sign-in throttle like a wrong sign-in code (`429` with `Retry-After` once
         *     locked). Accepted: the link is used up, the person's other sessions end, a new one starts
         *     (`Set-Cookie`) and `303` to `/dashboard`.
         */
        post: operations["useSignInLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/unsubscribe": {
        parameters: {
            query: {
                /** @description The token of a message's `List-Unsubscribe` link. */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A message's unsubscribe link
         * @description What the link stops (its person and topic: a payment received, say) and a button that stops
         *     it. Opening it changes nothing. A link that does not exist (made up, or a year old): `404`.
         */
        get: operations["getUnsubscribe"];
        put?: never;
        /**
         * Stop a topic's messages in one click (RFC 8058)
         * @description The page's button, or a mail provider's one-click request (body `List-Unsubscribe=One-Click`,
         *     no cookie, from anywhere: the token is the credential). The link's person stops getting its
         *     topic (audited as `user.email_unsubscribe`, by that person); `200` says so, again for a
         *     second request. A security topic is never turned off; an unknown link: `404`.
         */
        post: operations["unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/sign-in/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The second step of a sign-in, for a person with two factors
         * @description For the session a right password opened (it waits 10 minutes at most); without one, `303` to `/dashboard/sign-in`.
         */
        get: operations["getSignInCode"];
        put?: never;
        /**
         * Finish signing in with a code
         * @description The authenticator's 6-digit code (RFC 6238; the step before or after now also counts; each
         *     code works once) or an unused recovery code (then used up). Right: the waiting session is
         *     replaced by a new one (`Set-Cookie`) and `303` to `/dashboard`. Wrong: `400`, counted with the
         *     password failures of the address and the client (`429` once locked).
         */
        post: operations["signInWithCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One's own two-factor sign-in
         * @description Off (a button to set it up), being set up (the QR code and key for an authenticator app, and
         *     the form for its first code) or on (recovery codes left; new codes or turning it off after
         *     the password). A person whose owner requires two factors and who has none is sent here from
         *     every other page.
         */
        get: operations["getTwoFactor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/two-factor/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set up an authenticator app
         * @description A new secret (replacing one not confirmed yet), then `303` to `/dashboard/two-factor`, which
         *     shows it. `400` when two factors are already on.
         */
        post: operations["startTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/two-factor/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two factors on with the app's first code
         * @description Right: two factors are on and the page shows ten recovery codes, this once (`200`). Wrong:
         *     `400`, the setup page again.
         */
        post: operations["confirmTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/two-factor/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New recovery codes
         * @description After the password: ten new codes, shown this once (`200`); the old ones stop working. A wrong
         *     password is `400` and counts against the sign-in throttle (`429` once locked).
         */
        post: operations["renewRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/two-factor/off": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two factors off
         * @description After the password: the second factor and its recovery codes are removed, `303` to
         *     `/dashboard/two-factor`. `400` while an owner requires two factors of everyone.
         */
        post: operations["turnOffTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Settings > People (owners)
         * @description Everyone who can sign in to the account: role, status (active, invited, disabled), two factors;
         *     the invitation form and the tenant's two-factor rule. Other roles: `403`.
         */
        get: operations["getPeople"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/people/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a person
         * @description A new person with a role and a one-time link (7 days) to choose a password. When payd sends
         *     email (the `[email]` table), the link goes to the person in an invitation email and the `200`
         *     page says so without showing it; otherwise the page shows it this once. A malformed or taken
         *     address, a name or role refused: `400`, the form again with what was typed.
         */
        post: operations["invitePerson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/people/two-factor-rule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Require two factors of everyone, or stop
         * @description `required=1` or `0`. Everyone without a second factor is then sent to set one up before any other
         *     page. An owner without one of their own cannot require it (`400`).
         */
        post: operations["setTwoFactorRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/people/{id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a person's role
         * @description `400` when it would leave the account without an enabled owner. Another tenant's person: `404`.
         */
        post: operations["changeRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/people/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a person
         * @description Their sessions end at once. `400` for the last enabled owner. Another tenant's person: `404`.
         */
        post: operations["disablePerson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/people/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a person again
         * @description Ended sessions stay ended. Another tenant's person: `404`.
         */
        post: operations["enablePerson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/people/{id}/sign-in-link": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new one-time sign-in link for a person
         * @description For an invited person a new invitation, for others a reset link (a day); older links stop
         *     working. Emailed to the person when payd sends email (the `200` page says so), else shown on
         *     the `200` page this once. A disabled person: `400`. Another tenant's: `404`.
         */
        post: operations["issuePersonLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook endpoints
         * @description The tenant's webhook endpoints (URL, the event types subscribed, enabled or disabled, created) and, for
         *     developers and up, the form to add one and each endpoint's enable, disable, remove and test buttons.
         */
        get: operations["getWebhooks"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description `url`, the `events` ticked (the field repeated; none: every type) and an optional `description`. The URL
         *     passes the same SSRF guard as the API's (private, loopback and link-local targets refused unless
         *     `[webhooks] allow_private_targets`): a refusal is `400`, the form again with the guard's message beside the
         *     field and what was typed. Developers and up; other roles `403`.
         */
        post: operations["addWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/webhooks/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a webhook endpoint
         * @description It receives the events from now on. Developers and up; other roles `403`. Another tenant's endpoint: `404`.
         */
        post: operations["enableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/webhooks/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a webhook endpoint
         * @description Its deliveries not yet made fail. Developers and up; other roles `403`. Another tenant's endpoint: `404`.
         */
        post: operations["disableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/webhooks/{id}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a webhook endpoint
         * @description Its deliveries not yet made fail. Developers and up; other roles `403`. Another tenant's endpoint: `404`.
         */
        post: operations["removeWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to an endpoint
         * @description A `WEBHOOK_TEST` event to this endpoint only; `303` to its deliveries. A disabled endpoint: `400`. Developers and up; other roles `403`. Another tenant's endpoint: `404`.
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook deliveries
         * @description Deliveries newest first, 25 a page (`offset`), of every endpoint or of `endpoint` only: event, status,
         *     attempts, the last response code or error, times; for developers and up a Redeliver button. Another tenant's
         *     `endpoint`: `404`.
         */
        get: operations["getWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/webhooks/deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver a webhook
         * @description A new delivery of the same event to the same endpoint, due now; `303` back to the deliveries (of
         *     `endpoint` when given). A disabled or removed endpoint: `400`. Developers and up; other roles `403`. Another
         *     tenant's delivery: `404`.
         */
        post: operations["redeliverWebhookFromDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Events
         * @description The tenant's events newest first with their payloads, 25 a page (`offset`); `type` and `object` (an
         *     intent's or other object's id in the event's data) filter among the latest 1,000.
         */
        get: operations["getDashboardEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audit log
         * @description Every change to the account newest first, 25 a page (`offset`): the action, who (a person by name, an
         *     API key's id, or `cli`), the object before and after. `action` (a prefix) and `actor` (a user's id, a key's
         *     id, `key` for any API key, or `cli`) filter among the latest 1,000.
         */
        get: operations["getDashboardAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Settings > API Keys, tab Public API Keys
         * @description The tenant's public API keys (prefix and last 4 characters, scopes, expiry, last use, status; never
         *     their text) and, for developers and up, the form that creates one and the rotate and revoke buttons.
         */
        get: operations["getApiKeys"];
        put?: never;
        /**
         * Create a public API key
         * @description A name, `scopes` (repeated, at least one) and an optional `expiresAt` (a date, YYYY-MM-DD: the key
         *     ends at 00:00 UTC that day; or an RFC 3339 time). The `200` page shows the key's text this once.
         *     A refused field: `400`, the form again with what was typed. Viewers: `403`.
         */
        post: operations["createPublicApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/api-keys/integration-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Settings > API Keys, tab integration keys
         * @description Each integration of the tenant with its integration keys (the widget's and SDK's; refused on
         *     `/api/v1`), and for developers and up a form to create one and the rotate and revoke buttons.
         */
        get: operations["getIntegrationKeys"];
        put?: never;
        /**
         * Create an integration key
         * @description A key tied to `integrationId`, shown on the `200` page this once. A refused name: `400`. Another
         *     tenant's integration: `404`. Viewers: `403`.
         */
        post: operations["createIntegrationKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a public or integration key
         * @description At once and for good: the very next request with it is `401 key_revoked`. `303` to its tab. Another
         *     tenant's key or an account key (Settings > General): `404`. Viewers: `403`.
         */
        post: operations["revokeApiKeyInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a public or integration key
         * @description The same key with new text, shown on the `200` page this once; the old text ends now or after
         *     `overlapSeconds` (0 to 604800). A revoked or expired key, or an overlap out of range: `400`. Another
         *     tenant's key or an account key: `404`. Viewers: `403`.
         */
        post: operations["rotateApiKeyInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/general": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Settings > General
         * @description The account keys (prefix and last 4 characters), the webhook secret's forms and the reporting
         *     currency. Admins and owners see the buttons (create, rotate, revoke; show and rotate the secret;
         *     save the reporting currency); others only the list and the currency.
         */
        get: operations["getGeneralSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Settings > Your notifications
         * @description What the signed-in person is emailed about (DECISIONS §18): for payments received, a message
         *     each, a daily summary or none; a box per other topic that can be turned
         *     off (a payment that needs a decision, a refund confirmed, a webhook
         *     endpoint disabled, a chain payd cannot watch), ticked as they chose or, until they choose,
         *     as their role's default (admins and owners: on; developers: the webhook and chain ones); the security messages that are always
         *     sent (a payout address changed, to every owner; a sign-in from a new browser; sign-in links).
         *     `?saved=1` after a change says it is saved. Every role.
         */
        get: operations["getEmailChoices"];
        put?: never;
        /**
         * Choose what one is emailed about
         * @description `topics` repeated, one per topic to get (`payment_received`, `needs_decision`,
         *     `refund_confirmed`, `webhook_failing`, `chain_problem`); a topic not sent is turned off.
         *     `payment_received` (the field) says how payments received come: `each` (a message each),
         *     `daily` (one summary a day of the payments confirmed the day before, midnight to midnight
         *     UTC, sent soon after midnight UTC; none for a day without payments) or `off`; without it,
         *     `topics` decides (each or off). Audited as `user.email_choices` when something changed;
         *     `303` to the page with `?saved=1`. A security topic, an unknown one or an unknown way:
         *     `400` naming it.
         */
        post: operations["chooseEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Settings > Your language and time zone
         * @description The language the dashboard is written in for the signed-in person (one of the payer pages'
         *     languages: `de`, `en`, `es`, `fr`) and the time zone its times are written in (an IANA name
         *     such as `Europe/Berlin`, or `UTC`). Until the person chooses, their browser's: its
         *     `Accept-Language`, and the zone the dashboard's script reads from it into the `payd_tz`
         *     cookie (UTC without it). `?saved=1` after a change says it is saved. Every role.
         */
        get: operations["getPreferences"];
        put?: never;
        /**
         * Choose one's language and time zone
         * @description `language`: a language's code, or empty for the browser's; `time_zone`: an IANA zone name or
         *     `UTC`, or empty for the browser's. Audited as `user.preferences` when something changed;
         *     `303` to the page with `?saved=1`. A language payd does not have or a zone it does not know:
         *     `400` naming the field.
         */
        post: operations["choosePreferences"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/general/account-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account key
         * @description An account key (every scope) named `name`, shown on the `200` page this once. A refused name: `400`.
         *     Below admin: `403`.
         */
        post: operations["createAccountKeyInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/general/reporting-currency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose the reporting currency
         * @description The currency the overview's total of what was paid is converted into (DECISIONS §14): one this
         *     payd prices in, `303` to Settings > General, audited as `tenant.reporting_currency`. Another
         *     currency: `400` naming the covered ones. Below admin: `403`.
         */
        post: operations["setReportingCurrencyInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/general/test-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test email to oneself
         * @description Queues a test message to the signed-in person's address in the email outbox (DECISIONS §18),
         *     sent like every other message (retried while the SMTP server refuses), audited as
         *     `email.test`; `303` to Settings > General's email section, which lists the account's latest
         *     messages and how each went. Email off (no `[email]` table): `400` saying so. Below admin:
         *     `403`.
         */
        post: operations["sendTestEmailInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/general/account-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an account key
         * @description The same key with new text, shown on the `200` page this once; the old text ends now or after
         *     `overlapSeconds`. `400` for a revoked or expired key or an overlap out of range; another tenant's key
         *     or one that is no account key: `404`. Below admin: `403`.
         */
        post: operations["rotateAccountKeyInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/general/account-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an account key
         * @description At once and for good; `303` to Settings > General. Another tenant's key or one that is no account
         *     key: `404`. Below admin: `403`.
         */
        post: operations["revokeAccountKeyInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/general/webhook-secret/reveal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Show the webhook secret
         * @description After the person's `password` (checked and throttled as a sign-in): the `200` page, not stored by
         *     the browser, shows the current secret and a rotated one still signing. A wrong password: `400`
         *     without the secret; too many: `429`. Below admin: `403`.
         */
        post: operations["revealWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/settings/general/webhook-secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the webhook secret
         * @description After the person's `password`: a new secret signs from now on, the previous one beside it for 24
         *     hours; the `200` page shows both. A wrong password: `400`, nothing rotated; too many: `429`. Below
         *     admin: `403`.
         */
        post: operations["rotateWebhookSecretInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payment links
         * @description The tenant's payment links: name, amount (or the payer's choice), type, status, views and payments, integration;
         *     for admins and owners the button to create one.
         */
        get: operations["getPaymentLinks"];
        put?: never;
        /**
         * Create a payment link
         * @description Every field of `POST /api/v1/payment-links` (`allowCustomAmount` is `true` when ticked, and the form leaves it
         *     unticked: a price typed here is that price), checked by the same rules:
         *     a refusal is `400`, the form again with the API's message beside the field and what was typed. Then `303` to the
         *     link's page. Admins and owners; other roles `403`.
         */
        post: operations["createPaymentLinkInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/links/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The form to create a payment link
         * @description Optional `integration` preselects one of the tenant's integrations. Admins and owners; other roles `403`.
         */
        get: operations["getNewPaymentLinkForm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /**
         * A payment link's page
         * @description The link's terms, views and payments; its URL with a copy button and as a QR code (inline SVG); for `BUTTON` and
         *     `WIDGET` links the widget snippet to paste. Another tenant's link: `404`.
         */
        get: operations["getPaymentLinkPage"];
        put?: never;
        /**
         * Change a payment link
         * @description The terms `PATCH /api/v1/payment-links/{id}` changes (name, description, amount, currency, denominationType,
         *     allowCustomAmount, minAmount, returnUrl; an emptied optional field is cleared), checked by the same rules: `400`
         *     with the form again. Admins and owners; other roles `403`; another tenant's link `404`.
         */
        post: operations["changePaymentLinkInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/links/{id}/edit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /**
         * The form to change a payment link
         * @description Admins and owners; other roles `403`; another tenant's link `404`.
         */
        get: operations["getPaymentLinkForm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/links/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a payment link (its page stops taking payments)
         * @description As `PATCH /api/v1/payment-links/{id}` with `status`; audited. Admins and owners; other roles `403`; another
         *     tenant's link `404`.
         */
        post: operations["deactivatePaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/links/{id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate a payment link again
         * @description As `PATCH /api/v1/payment-links/{id}` with `status`; audited. Admins and owners; other roles `403`; another
         *     tenant's link `404`.
         */
        post: operations["activatePaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Integrations
         * @description The tenant's integrations: name, enabled or disabled, payout address, chains, tokens, public id; for developers and
         *     up the button to create one.
         */
        get: operations["getIntegrations"];
        put?: never;
        /**
         * Create an integration
         * @description `name`, `payoutAddress` (EIP-55), `origins` (one per line), `chains` and `tokens` (the fields repeated, one per
         *     box ticked, from the configured catalog) and an optional `preferredToken`, checked by the rules of
         *     `POST /api/v1/integrations`: a refusal is `400`, the form again with the API's message beside the field and what
         *     was typed. Then `303` to its page. Developers and up; other roles `403`.
         */
        post: operations["createIntegrationInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/integrations/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The form to create an integration
         * @description Developers and up; other roles `403`.
         */
        get: operations["getNewIntegrationForm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/integrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /**
         * An integration's page
         * @description Its terms, public id (with a copy button), its integration keys (prefix and last 4, status) and its payment links.
         *     Another tenant's integration: `404`.
         */
        get: operations["getIntegrationPage"];
        put?: never;
        /**
         * Change an integration
         * @description The fields of the creation form, as `PATCH /api/v1/integrations/{id}` with every term: `400` with the form again.
         *     Developers and up; other roles `403`; another tenant's integration `404`. A new payout address
         *     needs the admin role (`403` for a developer) and `password`, the person's own password or a
         *     code from their authenticator app, typed again (DECISIONS §13: `400` without it or when
         *     wrong; `429` once wrong tries lock the address). It waits 24 hours before new payments go
         *     there (a second owner may confirm it sooner, an admin may cancel it), and each step raises
         *     `INTEGRATION_PAYOUT_CHANGED`.
         */
        post: operations["changeIntegrationInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/integrations/{id}/payout-change/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel the payout address change waiting on an integration
         * @description New payments keep going to the address they go to now; audited
         *     (`integration.payout_cancel`) and announced (`INTEGRATION_PAYOUT_CHANGED`, `CANCELED`).
         *     Admins and owners; other roles `403`; another tenant's integration `404`. With no change
         *     waiting it does nothing.
         */
        post: operations["cancelPayoutChangeInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/integrations/{id}/payout-change/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply the payout address change waiting on an integration now
         * @description A second owner (not the one who asked for it) applies it at once, with their `password` or
         *     a code from their authenticator app; audited (`integration.payout_confirm`) and announced
         *     (`INTEGRATION_PAYOUT_CHANGED`, `APPLIED`). `400` with the integration's page when the
         *     password or code is wrong or missing, or the owner asked for the change; `429` once wrong
         *     tries lock the address. Owners only; other roles `403`; another tenant's integration `404`.
         */
        post: operations["confirmPayoutChangeInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/integrations/{id}/edit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /**
         * The form to change an integration
         * @description Developers and up; other roles `403`; another tenant's integration `404`.
         */
        get: operations["getIntegrationForm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/integrations/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable an integration (it takes no new payments)
         * @description As `PATCH /api/v1/integrations/{id}` with `enabled`; audited. Developers and up; other roles `403`; another
         *     tenant's integration `404`.
         */
        post: operations["disableIntegrationInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/integrations/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable an integration again
         * @description As `PATCH /api/v1/integrations/{id}` with `enabled`; audited. Developers and up; other roles `403`; another
         *     tenant's integration `404`.
         */
        post: operations["enableIntegrationInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payments, the intents filtered, newest first
         * @description Filters (a GET form): `status` (an intent status, or `decision` for underpaid, overpaid, late or
         *     reversed ones not resolved yet), `from` and `to` (YYYY-MM-DD, UTC, both days included), `q` (an
         *     intent id, a transaction hash, an address or a metadata value) and `after` (the cursor of the
         *     "Older" link). A malformed filter is `400`: the page names it and shows every intent. Also lists
         *     the transfers no intent took, to attach.
         */
        get: operations["getPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/payments/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The intents the filters show, as CSV
         * @description The same filters as `/dashboard/payments` (a malformed one: the `400` page). RFC 4180 CSV,
         *     streamed (chunked), one row per intent, newest first: amounts as exact decimals, the USD
         *     value when created, chain, token, transaction hash, sender, dates in ISO 8601 UTC, the
         *     metadata as JSON. A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
         *     gets a leading `'` (spreadsheet formula injection).
         */
        get: operations["exportPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live updates for an open dashboard page (server-sent events)
         * @description `event: changed` whenever the ledger changed an intent in this process, and every 10 s
         *     (other processes' writes); the page then reads its table again. Ends after 10 minutes (the
         *     browser reconnects after `retry`).
         */
        get: operations["getDashboardLive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/transfers/{id}/attach": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach a transfer no intent took to an intent
         * @description `intent`: the intent's id; the same rules as `POST /api/v1/payments/{id}/attach` (same chain and
         *     token, chosen, not resolved). Accepted: `303` to the intent's page. Refused: `400`, the payments page
         *     naming the field. Admins and owners only.
         */
        post: operations["attachTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /**
         * An intent's page
         * @description What was asked and who set the amount, what arrived, the timeline (events, transfers,
         *     confirmations, webhook deliveries) and, for admins and owners, the decisions on an irregular
         *     one. Another tenant's intent: `404`.
         */
        get: operations["getPaymentIntentPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/payments/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an irregular intent as paid, or decline it
         * @description `decision`: `paid` or `unpaid`; `note` up to 1,000 characters. The rules of
         *     `POST /api/v1/payment-intents/{id}/resolve`. Accepted: `303` to the intent's page; refused: `400`.
         */
        post: operations["resolvePaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The refunds, newest first
         * @description Filtered by `status`, 25 a page (`offset`). Readers and up.
         */
        get: operations["getRefundsPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/refunds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /**
         * A refund's page
         * @description What is refunded, to whom, its timeline and, while it waits for its transfer, the transfer to
         *     sign: the browser wallet's button (the connected account must be the payout address), a QR
         *     code (EIP-681), the raw `to`/`value`/`data` and the Safe Transaction Builder file. Another
         *     tenant's refund: `404`.
         */
        get: operations["getDashboardRefundPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/refunds/{id}/safe-batch.json": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /**
         * The refund's transfer as a Safe Transaction Builder file
         * @description For a refund ready to send; otherwise the `404` page.
         */
        get: operations["getRefundSafeBatchFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/refunds/{id}/address-page": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A link to the payer's refund page, shown once
         * @description For an `address_needed` refund, the refund's page with the new link (an earlier one stops working); otherwise `303` to the refund's page. Admins and owners.
         */
        post: operations["makeRefundAddressPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/refunds/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a refund whose transfer is not on chain
         * @description `303` to the refund's page (one already sent or canceled stays as it is). Admins and owners.
         */
        post: operations["cancelRefundInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The payouts, newest first
         * @description 25 a page (`offset`), each with its total and how many of its transfers are confirmed. Readers and up.
         */
        get: operations["getPayoutsPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/payouts/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The form that prepares a payout from a CSV
         * @description The tokens the tenant's enabled integrations take, an optional sending address and the CSV (a file read into the text box, or pasted). Admins and owners.
         */
        get: operations["getNewPayoutForm"];
        put?: never;
        /**
         * Prepare a payout from a CSV
         * @description `asset` (`<chainId>:<token>`), `name`, `from` (optional) and `csv`: rows of recipient, amount
         *     in the token's decimal units and an optional reference, a first row of column names skipped;
         *     the rules of `POST /api/v1/payouts`. Made: `303` to the payout's page; refused: `400`, the form
         *     again naming the CSV's row at fault.
         */
        post: operations["createPayoutInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/payouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /**
         * A payout's page
         * @description Its transfers, each with its status and, while it waits, a browser wallet's send button (the
         *     connected account must be the payout address); the Safe Transaction Builder file of every
         *     transfer still to send. Another tenant's payout: `404`.
         */
        get: operations["getDashboardPayoutPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/payouts/{id}/safe-batch.json": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /**
         * The payout's transfers still to send as one Safe Transaction Builder file
         * @description While a transfer waits; otherwise the `404` page.
         */
        get: operations["getPayoutSafeBatchFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/payouts/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a payout's transfers not yet sent
         * @description `303` to the payout's page (transfers already sent go on to confirm). Admins and owners.
         */
        post: operations["cancelPayoutInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/transfers/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /**
         * The form that refunds a confirmed transfer
         * @description A transfer that is not the tenant's or not confirmed is the `404` page. Admins and owners.
         */
        get: operations["getRefundForm"];
        put?: never;
        /**
         * Refund a confirmed transfer
         * @description `scope` `whole` (all that is left) or `part` with `amount` in the token's decimals, and
         *     `reason`; the rules of `POST /api/v1/payments/{paymentId}/refunds`. Made: `303` to the
         *     refund's page; refused: `400`, the form again saying why.
         */
        post: operations["refundTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/payments/{id}/sender-hint": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a trusted sender hint
         * @description `address`: an EIP-55 address; the rules of `POST /api/v1/payment-intents/{id}/sender-hint`.
         *     Accepted: `303` to the intent's page; refused (not an address, the intent no longer waits): `400`.
         */
        post: operations["setPaymentIntentSenderHint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/{dir}/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                dir: "css" | "js" | "img";
                file: string;
            };
            cookie?: never;
        };
        /** A file of the pages (web/<dir>/<file>) */
        get: operations["getAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/favicon.ico": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** payd's icon, where browsers and tools look for one (the pages also name it in `<link rel="icon">`) */
        get: operations["getFavicon"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The embeddable widget (`<script src="{base}/widget.js" data-link="plink_…">`) */
        get: operations["getWidget"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sdk/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: "payd.js" | "payd.d.ts" | "api-types.d.ts";
            };
            cookie?: never;
        };
        /** The JS SDK (an ES module) and its types */
        get: operations["getSdkFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Served only on the metrics listener (`[metrics] listen`, `PAYD_METRICS_LISTEN` or
         *     `payd serve --metrics-listen`; off by default), which serves nothing else. On the main
         *     address this path is `404 not_found`. The families and what each means:
         *     docs/operator-guide.md, "Metrics".
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document, as JSON
         * @description docs/openapi.yaml converted to JSON when payd was built; readable from any origin.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This reference, readable (Redoc)
         * @description Redoc's standalone bundle, served by payd, renders /openapi.json. No CDN; the CSP allows payd's own origin only.
         */
        get: operations["getReferencePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/redoc.standalone.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redoc's standalone bundle (npm `redoc`) */
        get: operations["getRedocBundle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    PAYMENT_CREATED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYMENT_CREATED: an intent was created
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["paymentCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYMENT_PENDING: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYMENT_PENDING: a matching transfer was seen (or a late one)
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["paymentPendingWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYMENT_CONFIRMED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYMENT_CONFIRMED: the intent is PAID
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["paymentConfirmedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYMENT_EXPIRED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYMENT_EXPIRED: the intent expired with nothing paid
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["paymentExpiredWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYMENT_FAILED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYMENT_FAILED: underpaid at expiry, or a reorg dropped its payment after expiry
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["paymentFailedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYMENT_REVERSED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYMENT_REVERSED: a reorganisation removed a payment the intent had (PENDING to CREATED, or after confirmation)
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["paymentReversedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYMENT_RESOLVED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYMENT_RESOLVED: the merchant settled an irregular intent as paid or not (its `resolution`)
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["paymentResolvedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYMENT_UNMATCHED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYMENT_UNMATCHED: a transfer to your payout address matched no intent
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["paymentUnmatchedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYMENT_LINK_CREATED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYMENT_LINK_CREATED: a payment link was created
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["paymentLinkCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    INTEGRATION_PAYOUT_CHANGED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * INTEGRATION_PAYOUT_CHANGED: where an integration's new payments go changed
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s. A change nobody at the merchant meant to make is the one to act on at once.
         */
        post: operations["integrationPayoutChangedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYOUT_CREATED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYOUT_CREATED: a payout was prepared (its lines `ready`)
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["payoutCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYOUT_LINE_SENT: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYOUT_LINE_SENT: a line's transfer is on chain
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["payoutLineSentWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYOUT_LINE_CONFIRMED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYOUT_LINE_CONFIRMED: a line's transfer reached the chain's confirmation depth
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["payoutLineConfirmedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYOUT_LINE_REVERSED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYOUT_LINE_REVERSED: a reorganisation removed a line's transfer (`ready` again, or `reversed` if it was confirmed)
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["payoutLineReversedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYOUT_COMPLETED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYOUT_COMPLETED: the last line confirmed: every line is confirmed or canceled
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["payoutCompletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    PAYOUT_CANCELED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAYOUT_CANCELED: the merchant canceled the lines not sent
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["payoutCanceledWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    REFUND_CREATED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * REFUND_CREATED: a refund was made (`ready`, or `address_needed` until the payer gives an address)
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["refundCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    REFUND_READY: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * REFUND_READY: the payer gave the refund's address: ready to send
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["refundReadyWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    REFUND_SENT: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * REFUND_SENT: the refund's transfer is on chain
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["refundSentWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    REFUND_CONFIRMED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * REFUND_CONFIRMED: the refund's transfer reached the chain's confirmation depth
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["refundConfirmedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    REFUND_CANCELED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * REFUND_CANCELED: the merchant canceled the refund
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["refundCanceledWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    REFUND_REVERSED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * REFUND_REVERSED: a reorganisation removed the refund's transfer (`ready` again, or `reversed` if it was confirmed)
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["refundReversedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    WEBHOOK_TEST: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * WEBHOOK_TEST: `payd webhook test` (to every enabled endpoint, whatever its filter)
         * @description Delivered per Standard Webhooks (docs/webhooks.md); verify the signature, answer 2xx within 15 s.
         */
        post: operations["webhookTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @enum {string} */
        Environment: "testnet" | "mainnet";
        /**
         * @description A decimal amount (DECISIONS §4); never a JSON number.
         * @example 25.00
         */
        Decimal: string;
        /**
         * @description An amount in smallest units, a base-10 integer up to 2^256-1.
         * @example 25000001
         */
        Units: string;
        /**
         * @description ISO 8601 UTC with milliseconds.
         * @example 2026-11-22T12:00:00.000Z
         */
        Timestamp: string;
        /**
         * @description An EVM address, EIP-55 checksummed.
         * @example 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC
         */
        Address: string;
        Hash: string;
        /** @example 31337 */
        ChainId: number;
        /** @description A block count, or `safe` / `finalized`. */
        Confirmations: number | ("safe" | "finalized");
        /** @enum {string} */
        IntentStatus: "CREATED" | "PENDING" | "PAID" | "EXPIRED" | "FAILED";
        /** @description What was irregular, or null. */
        IntentException: null | ("UNDERPAID" | "OVERPAID" | "PAID_LATE" | "REVERSED_AFTER_CONFIRMATION");
        /** @enum {string} */
        PaymentStatus: "PENDING" | "CONFIRMED" | "REORGED";
        /** @description The merchant's data, at most 50 keys of 1 to 40 characters; values strings, numbers or booleans. */
        Metadata: {
            [key: string]: string | number | boolean;
        };
        /** @description Every error, on every surface (DECISIONS §3). */
        Error: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorBody: {
            /** @enum {string} */
            code: "invalid_request" | "unauthorized" | "key_expired" | "key_revoked" | "wrong_environment" | "insufficient_scope" | "origin_not_allowed" | "not_found" | "method_not_allowed" | "idempotency_conflict" | "intent_not_waiting" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "internal_error" | "unavailable";
            message: string;
            /** @description The field, query parameter or header at fault, when one is. */
            param?: string;
            requestId: string;
        };
        ErrorInvalidRequest: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorUnauthorized: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorInsufficientScope: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorOriginNotAllowed: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorNotFound: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorMethodNotAllowed: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorIdempotencyConflict: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorIntentNotWaiting: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorPayloadTooLarge: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorUnsupportedMediaType: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorRateLimited: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorInternal: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorUnavailable: {
            error: components["schemas"]["ErrorBody"];
        };
        /** @description A page of a list (DECISIONS §4). */
        Page: {
            data: unknown[];
            limit: number;
            offset: number;
            hasMore: boolean;
        };
        PublicIntegration: {
            publicId: string;
            name: string;
            allowChains: components["schemas"]["ChainId"][];
            allowTokens: string[];
            autoConversion: boolean;
            preferredToken: string;
            /** @description Keyed by chain id as a string. */
            chains: {
                [key: string]: {
                    name: string;
                    tokens: {
                        symbol: string;
                        name: string;
                        address: components["schemas"]["Address"] | null;
                        decimals: number;
                        isNative: boolean;
                    }[];
                };
            };
        };
        /** @enum {string} */
        PaymentLinkType: "LINK" | "BUTTON" | "WIDGET";
        PaymentLink: {
            id: string;
            type: components["schemas"]["PaymentLinkType"];
            name: string;
            amount: components["schemas"]["Decimal"];
            /** @enum {string} */
            denominationType: "CURRENCY" | "TOKEN";
            currency: string;
            /** @description The configured `public_url` + `/pay/<id>`. */
            url: string;
            /**
             * @description `inactive` once switched off (`PATCH`): its page and the public endpoint refuse payments.
             * @enum {string}
             */
            status: "active" | "inactive";
            views: number;
            payments: number;
            createdAt: components["schemas"]["Timestamp"];
            integrationId: string;
            returnUrl: string | null;
            description: string | null;
            allowCustomAmount: boolean;
            minAmount: components["schemas"]["Decimal"] | null;
        };
        /** @description JSON `null` counts as absent; any other field is a `400` naming it. */
        PaymentLinkCreate: {
            /** @description One of your integrations (another tenant's is "no such integration"). */
            integrationId: string;
            type: components["schemas"]["PaymentLinkType"];
            name: string;
            /**
             * @description Greater than 0, within the currency's decimals; a token amount must be payable exactly on
             *     every allowed chain, so at most the token's fewest `decimals` among the integration's chains.
             */
            amount: components["schemas"]["Decimal"];
            /**
             * @description With `denominationType` `CURRENCY`: an ISO 4217 code that one of this payd's rate sources
             *     covers (`USD` always; another is a `400` naming those covered), the amount within its
             *     minor units (ISO 4217: JPY 0, EUR 2, BHD 3). With `TOKEN`: one of the integration's tokens.
             *     Case-insensitive; returned in canonical form.
             */
            currency: string;
            /**
             * @default CURRENCY
             * @enum {string|null}
             */
            denominationType: "CURRENCY" | "TOKEN" | null;
            /** @description An absolute `http` or `https` URL. */
            returnUrl?: string | null;
            description?: string | null;
            /** @default true */
            allowCustomAmount: boolean | null;
            /** @description Like `amount`, not above it; only with `allowCustomAmount` true. */
            minAmount?: components["schemas"]["Decimal"] | null;
        };
        PaymentLinkUpdate: {
            name?: string;
            description?: string | null;
            amount?: components["schemas"]["Decimal"];
            currency?: string;
            /** @enum {string} */
            denominationType?: "CURRENCY" | "TOKEN";
            allowCustomAmount?: boolean;
            minAmount?: components["schemas"]["Decimal"] | null;
            returnUrl?: string | null;
            /** @enum {string} */
            status?: "active" | "inactive";
        };
        /** @description What the widget needs to show a link (`GET /pay/<plink_…>` with `Accept: application/json`). */
        PublicPaymentLink: {
            id: string;
            type: components["schemas"]["PaymentLinkType"];
            name: string;
            description: string | null;
            amount: components["schemas"]["Decimal"];
            currency: string;
            /** @enum {string} */
            denominationType: "CURRENCY" | "TOKEN";
            allowCustomAmount: boolean;
            minAmount: components["schemas"]["Decimal"] | null;
            integrationId: string;
            returnUrl: string | null;
            /**
             * @description `inactive` when the link, or its integration, no longer takes payments.
             * @enum {string}
             */
            status: "active" | "inactive";
        };
        /** @description Exactly one of `amount_usd` and `amount`. */
        PublicIntentCreate: {
            /** @description USD, at most 2 fraction digits, greater than 0. */
            amount_usd?: components["schemas"]["Decimal"];
            /** @description The token's smallest unit, a base-10 integer up to 2^256-1, greater than 0. */
            amount?: components["schemas"]["Units"];
            /** @description A token symbol of the integration offered on `chainId`, in its exact case (`USDC`). */
            currency: string;
            /** @description One of the integration's `allowChains` (a JSON integer). */
            chainId: components["schemas"]["ChainId"];
            metadata?: components["schemas"]["Metadata"];
            /** @description As the `Idempotency-Key` header (either may be used; if both, they must agree; the same request with the key in either or both is one request); scoped to the integration. */
            idempotencyKey?: string;
            /** @description The payer's wallet, if known (EIP-55). Kept on the intent (`senderHintSource: "payer"`) but, unproven, it never matches a transfer: the wallet proves it with `sender-proof`. */
            senderAddress?: components["schemas"]["Address"];
            /** @description The payment link this payment comes from, on this integration; the intent must keep to the link's terms; the link's `payments` count grows when the intent is paid. */
            paymentLinkId?: string;
        } & (unknown | unknown);
        /** @description The fields of an intent that the payer sees too. */
        IntentFields: {
            id: string;
            status: components["schemas"]["IntentStatus"];
            exception: components["schemas"]["IntentException"];
            /**
             * @description The exact amount to pay, in smallest units: the requested amount plus the fewest units, at
             *     least one, that make it unique among open intents to the same address and token. Never the
             *     requested amount itself, so a payer who types the round price pays nobody's intent: that
             *     transfer is kept unmatched (`PAYMENT_UNMATCHED`). This and the other chain fields are null
             *     on an intent asked on `/v1` until the payer chooses a chain and token (DECISIONS §12).
             */
            amount: components["schemas"]["Units"] | null;
            amountFormatted: components["schemas"]["Decimal"] | null;
            amountUsd: components["schemas"]["Decimal"] | null;
            amountReceived: components["schemas"]["Units"];
            /** @description The token's symbol. */
            currency: string | null;
            chainId: components["schemas"]["ChainId"] | null;
            chain: string | null;
            tokenAddress: components["schemas"]["Address"] | null;
            decimals: number | null;
            recipient: components["schemas"]["Address"];
            /** @description EIP-681; what is still to send. */
            paymentUri: string | null;
            checkoutUrl: string;
            requiredConfirmations: components["schemas"]["Confirmations"] | null;
            confirmations: number;
            expiresAt: components["schemas"]["Timestamp"];
            createdAt: components["schemas"]["Timestamp"];
            senderHint: components["schemas"]["Address"] | null;
            /** @enum {string|null} */
            senderHintSource: "payer" | "wallet" | "merchant" | null;
            /**
             * @description Who set the amount (DECISIONS §13) — `api` (a key), `link` (a payment link's terms), `public` (the payer, key-less). Ship an order only on `api`, or after checking the amount.
             * @enum {string}
             */
            createdVia: "api" | "link" | "public";
            /** @description Once a transfer is seen, the one that completed the amount. */
            txHash?: components["schemas"]["Hash"];
            senderAddress?: components["schemas"]["Address"] | null;
            /** @description Once PAID. */
            token?: string;
            /** @description Once PAID. */
            confirmedAt?: components["schemas"]["Timestamp"] | null;
        };
        /** @description The payer's view of an intent (no `integrationId`, `paymentLinkId`, `metadata`). */
        PublicIntent: components["schemas"]["IntentFields"];
        /** @description The merchant's view of an intent (DECISIONS §5). */
        Intent: components["schemas"]["IntentFields"] & {
            integrationId: string;
            matchedBy: components["schemas"]["MatchedBy"];
            underpaidBy: components["schemas"]["UnderpaidBy"];
            /**
             * @description The price as asked, in an ISO 4217 currency (DECISIONS §14): a link priced in a
             *     currency, `amount_usd` (USD), `POST /v1/payment_intents` in a currency. Null when
             *     asked in a token's own units.
             */
            price: components["schemas"]["Price"] | null;
            /**
             * @description The rate that converted a price in another currency than USD into the token amount,
             *     as it was when the intent was made (or, for one asked on `/v1`, when the payer chose
             *     how to pay); kept for good. Null for USD prices and token amounts.
             */
            rate: components["schemas"]["Rate"] | null;
            paymentLinkId: string | null;
            metadata: components["schemas"]["Metadata"];
            /** @description How the merchant settled it (`POST …/resolve`), or null. */
            resolution: components["schemas"]["Resolution"] | null;
            /**
             * @description When the merchant canceled it (`POST …/cancel`; it is `EXPIRED` since, and its
             *     `expiresAt` is that moment), or null.
             */
            canceledAt: components["schemas"]["Timestamp"] | null;
        };
        ConversionAmount: {
            amount: components["schemas"]["Units"];
            amountFormatted: components["schemas"]["Decimal"];
        };
        ConversionOffer: components["schemas"]["ConversionOfferFields"];
        ConversionOfferFields: {
            /** @description The symbol to pay with. */
            token: string;
            /** @description null for the chain's native coin (swapped through its wrapped form). */
            tokenAddress: components["schemas"]["Address"] | null;
            decimals: number;
            /**
             * @description The pool's fee tier, in hundredths of a basis point.
             * @enum {integer}
             */
            fee: 100 | 500 | 3000 | 10000;
            /** @description What the swap costs at the quote. */
            amountIn: components["schemas"]["ConversionAmount"];
            /** @description The most it may cost (the quote plus `slippageBps`); beyond it the swap reverts. */
            amountInMaximum: components["schemas"]["ConversionAmount"];
        };
        ConversionReceives: {
            token: string;
            amount: components["schemas"]["Units"];
            amountFormatted: components["schemas"]["Decimal"];
            recipient: components["schemas"]["Address"];
        };
        ConversionFrame: {
            intentId: string;
            chainId: components["schemas"]["ChainId"];
            /** @description Exactly what the payout address receives (the intent's exact amount, or what it still lacks). */
            receives: components["schemas"]["ConversionReceives"];
            slippageBps: number;
            quotedAt: components["schemas"]["Timestamp"];
            freshUntil: components["schemas"]["Timestamp"];
        };
        ConversionOffers: components["schemas"]["ConversionFrame"] & {
            data: components["schemas"]["ConversionOffer"][];
        };
        ConversionPlan: components["schemas"]["ConversionFrame"] & components["schemas"]["ConversionOfferFields"] & {
            deadline: components["schemas"]["Timestamp"];
            calls: {
                /** @enum {string} */
                purpose: "approve" | "swap";
                to: components["schemas"]["Address"];
                data: string;
                value: components["schemas"]["Units"];
            }[];
        };
        PaidWith: {
            /** @description The symbol of what the payer paid with. */
            token: string;
            /** @description null for the native coin. */
            tokenAddress: components["schemas"]["Address"] | null;
            amount: components["schemas"]["Units"];
            amountFormatted: components["schemas"]["Decimal"];
            payer: components["schemas"]["Address"];
        };
        /**
         * @description `near_amount` when a live payment pays this intent by a near amount (DECISIONS §17): the
         *     integration matched it at once (`matchNearAmounts`), or the merchant attached a transfer to
         *     the intent it was the candidate of. Weaker evidence than an exact amount: review it. null
         *     otherwise (an exact amount, a trusted sender, or another attachment).
         * @enum {string|null}
         */
        MatchedBy: "near_amount" | null;
        /**
         * @description With `matchedBy: near_amount`, how far short of the price its near-amount payments fell
         *     and were accepted as paid (within `underpaymentTolerance`), in token units (a decimal, as
         *     `amountFormatted`); null when they paid the price itself, or otherwise.
         */
        UnderpaidBy: components["schemas"]["Decimal"] | null;
        Price: {
            /** @description As asked, with at most the currency's minor units (ISO 4217; JPY 0, EUR 2, BHD 3). */
            amount: components["schemas"]["Decimal"];
            /** @description An ISO 4217 code. */
            currency: string;
        };
        Rate: {
            /**
             * @description US dollars per one unit of the price's currency: the median of `sources` (with two,
             *     their mean), exact. A token pegged to the currency (EURC to EUR) is paid 1:1.
             */
            value: components["schemas"]["Decimal"];
            /**
             * @description The sources that agreed (within the configured bound, 1% by default) and were fresh:
             *     `chainlink:<chainId>` (a fiat feed on that chain), `ecb` (the ECB's reference rates),
             *     `config` (a fixed rate, for development).
             */
            sources: string[];
            /** @description When the oldest source's reading was true. */
            at: components["schemas"]["Timestamp"];
        };
        SenderMessage: {
            intentId: string;
            address: components["schemas"]["Address"];
            chainId: components["schemas"]["ChainId"];
            message: string;
        };
        SenderProof: {
            address: string;
            signature: string;
        };
        /** @description One on-chain transfer to a watched payout address (DECISIONS §6). */
        Payment: {
            id: string;
            intentId: string | null;
            chainId: components["schemas"]["ChainId"];
            chain: string;
            token: string;
            tokenAddress: components["schemas"]["Address"] | null;
            amount: components["schemas"]["Units"];
            amountFormatted: components["schemas"]["Decimal"];
            txHash: components["schemas"]["Hash"];
            /** @description null for the native coin. */
            logIndex: number | null;
            blockNumber: number;
            blockHash: components["schemas"]["Hash"];
            senderAddress: components["schemas"]["Address"];
            recipient: components["schemas"]["Address"];
            status: components["schemas"]["PaymentStatus"];
            confirmations: number;
            createdAt: components["schemas"]["Timestamp"];
            confirmedAt: components["schemas"]["Timestamp"] | null;
            /** @description What its confirmed refunds sent back, smallest units (DECISIONS §15). */
            amountRefunded: components["schemas"]["Units"];
            /**
             * @description Unmatched (DECISIONS §17): the one waiting intent its amount nearly fitted when it was
             *     seen (the intent's price before its uniqueness units, or short of it within the
             *     integration's `underpaymentTolerance`), to attach in one step (`POST
             *     /api/v1/payments/{id}/attach` with it as `intentId`). null otherwise, and when two fitted.
             */
            candidateIntentId: string | null;
            /**
             * @description When a swap in the payer's transaction paid it (DECISIONS §16): what the payer spent,
             *     read from the transaction's receipt once payd has seen the payment (a pass or two
             *     later); `senderAddress` is then the payer's wallet. null for a plain transfer.
             */
            paidWith: components["schemas"]["PaidWith"] | null;
        };
        /** @description A payment in the /v1 shape, its status lowercase (only `confirmed` payments are listed). */
        V1Payment: {
            id: string;
            intentId: string | null;
            chainId: components["schemas"]["ChainId"];
            chain: string;
            token: string;
            tokenAddress: components["schemas"]["Address"] | null;
            amount: components["schemas"]["Units"];
            amountFormatted: components["schemas"]["Decimal"];
            txHash: components["schemas"]["Hash"];
            /** @description null for the native coin. */
            logIndex: number | null;
            blockNumber: number;
            blockHash: components["schemas"]["Hash"];
            senderAddress: components["schemas"]["Address"];
            recipient: components["schemas"]["Address"];
            /** @enum {string} */
            status: "pending" | "confirmed" | "reorged";
            confirmations: number;
            createdAt: components["schemas"]["Timestamp"];
            confirmedAt: components["schemas"]["Timestamp"] | null;
            /** @description What its confirmed refunds sent back, smallest units (DECISIONS §15). */
            amountRefunded: components["schemas"]["Units"];
            /**
             * @description Unmatched (DECISIONS §17): the one waiting intent its amount nearly fitted when it was
             *     seen (the intent's price before its uniqueness units, or short of it within the
             *     integration's `underpaymentTolerance`), to attach in one step (`POST
             *     /api/v1/payments/{id}/attach` with it as `intentId`). null otherwise, and when two fitted.
             */
            candidateIntentId: string | null;
            /**
             * @description When a swap in the payer's transaction paid it (DECISIONS §16): what the payer spent,
             *     read from the transaction's receipt once payd has seen the payment (a pass or two
             *     later); `senderAddress` is then the payer's wallet. null for a plain transfer.
             */
            paidWith: components["schemas"]["PaidWith"] | null;
        };
        V1IntentCreate: {
            /**
             * @description In `currency`: a decimal string or a JSON number, read from its digits exactly as written
             *     (never through a floating-point value): no sign, no exponent, above 0, at most the
             *     currency's minor units (ISO 4217: USD and EUR 2, JPY 0, BHD 3) or the token's decimals
             *     (the fewest among the chains it may be paid on), at most 2^256-1 smallest units on every
             *     chain it may be paid on.
             */
            amount: components["schemas"]["Decimal"] | number;
            /**
             * @description An ISO 4217 code one of this payd's rate sources covers (`USD` always; another is a `400`
             *     naming those covered; no usable rate now is a `503` with `Retry-After`), converted when
             *     the payer chooses a token; or one of the integration's token symbols.
             */
            currency: string;
            metadata?: components["schemas"]["Metadata"];
            /** @description Required when the account has more than one integration. */
            integrationId?: string;
            /** @description Chain names (in any case) or ids the payer may choose from (default every allowed chain). */
            chains?: (string | number)[];
            /** @description Token symbols the payer may choose from (default every allowed token; a token `currency` must be among them). */
            tokens?: string[];
            /**
             * @description Where the hosted page sends the payer once the intent is paid, with `payment_intent=<id>`
             *     added to its query, as for a payment link's `returnUrl`: an absolute `http` or `https` URL
             *     with a host, at most 2048 characters.
             */
            returnUrl?: string;
        };
        /** @enum {string} */
        V1IntentStatus: "created" | "pending" | "paid" | "expired" | "failed";
        /** @description A payment intent in the shape of the spec's preview (DECISIONS §12); the paid fields once paid. */
        V1Intent: {
            id: string;
            status: components["schemas"]["V1IntentStatus"];
            /** @description As the merchant asked, in `currency` (a currency's, or the token's decimal units). */
            amount: components["schemas"]["Decimal"];
            currency: string;
            recipient: components["schemas"]["Address"];
            /** @description Chain names the payer may choose from. */
            chains: string[];
            tokens: string[];
            expiresAt: components["schemas"]["Timestamp"];
            metadata: components["schemas"]["Metadata"];
            createdAt: components["schemas"]["Timestamp"];
            checkoutUrl: string;
            /** @enum {string} */
            createdVia: "api" | "link" | "public";
            /** @description Where the hosted page sends the payer once paid (asked on creation), or null. */
            returnUrl: string | null;
            /**
             * @description When the merchant canceled it (`POST /v1/payment_intents/{intentId}/cancel`; `expired`
             *     since, `expiresAt` that moment), or null.
             */
            canceledAt: components["schemas"]["Timestamp"] | null;
            /** @enum {string} */
            exception?: "underpaid" | "overpaid" | "paid_late" | "reversed_after_confirmation";
            token?: string;
            chain?: string;
            chainId?: components["schemas"]["ChainId"];
            txHash?: components["schemas"]["Hash"];
            senderAddress?: components["schemas"]["Address"];
            confirmedAt?: components["schemas"]["Timestamp"];
            resolution?: components["schemas"]["Resolution"];
            /**
             * @description Present only when matched by a near amount (see the /api/v1 intent's `matchedBy`).
             * @enum {string}
             */
            matchedBy?: "near_amount";
            /** @description Present only when a near amount short of the price was accepted (the /api/v1 intent's `underpaidBy`). */
            underpaidBy?: components["schemas"]["Decimal"];
        };
        /** @description The merchant's decision on an irregular intent (DECISIONS §5). */
        Resolution: {
            /** @enum {string} */
            outcome: "paid" | "not_paid";
            note: string;
            /** @description Who decided: a key (`key_…`), a dashboard user (`user_…`) or `cli`. */
            resolvedBy: string;
            resolvedAt: components["schemas"]["Timestamp"];
        };
        PaymentAttach: {
            intentId: string;
        };
        IntentResolve: {
            /** @enum {string} */
            outcome: "paid" | "not_paid";
            note?: string | null;
        };
        SenderHintSet: {
            /** @description The payer's wallet: 0x and 40 hex digits (mixed case only with a valid EIP-55 checksum). */
            address: string;
        };
        /** @enum {string} */
        IntentEventType: "PAYMENT_CREATED" | "PAYMENT_PENDING" | "PAYMENT_CONFIRMED" | "PAYMENT_EXPIRED" | "PAYMENT_FAILED" | "PAYMENT_REVERSED" | "PAYMENT_RESOLVED";
        WebhookSentData: {
            deliveryId: string;
            eventId: string;
            eventType: string;
            endpointUrl: string;
            attempts: number;
            responseStatus: number;
        };
        WebhookTestData: {
            message: string;
            tenantId: string;
        };
        /** @description A platform event (DECISIONS §7); `data` is the object it is about, as it then was. */
        Event: {
            id: string;
            createdAt: components["schemas"]["Timestamp"];
        } & ({
            type: components["schemas"]["IntentEventType"];
            data: components["schemas"]["Intent"];
        } | {
            /** @constant */
            type: "PAYMENT_UNMATCHED";
            data: components["schemas"]["Payment"];
        } | {
            /** @constant */
            type: "PAYMENT_LINK_CREATED";
            data: components["schemas"]["PaymentLink"];
        } | {
            /** @constant */
            type: "INTEGRATION_PAYOUT_CHANGED";
            data: components["schemas"]["IntegrationPayoutChange"];
        } | {
            type: components["schemas"]["RefundEventType"];
            data: components["schemas"]["Refund"];
        } | {
            type: components["schemas"]["PayoutEventType"];
            data: components["schemas"]["PayoutSummary"];
        } | {
            type: components["schemas"]["PayoutLineEventType"];
            data: components["schemas"]["PayoutLine"];
        } | {
            /** @constant */
            type: "WEBHOOK_SENT";
            data: components["schemas"]["WebhookSentData"];
        } | {
            /** @constant */
            type: "WEBHOOK_TEST";
            data: components["schemas"]["WebhookTestData"];
        });
        WebhookDelivery: {
            id: string;
            tenantId: string;
            /** @description The event's type. */
            type: string;
            /** @enum {string} */
            status: "PENDING" | "RETRYING" | "DELIVERED" | "FAILED";
            createdAt: components["schemas"]["Timestamp"];
            eventId: string;
            endpointUrl: string;
            attempts: number;
            lastResponseStatus: number | null;
            lastError: string | null;
            nextAttemptAt: components["schemas"]["Timestamp"] | null;
            deliveredAt: components["schemas"]["Timestamp"] | null;
        };
        IntegrationFields: {
            id: string;
            /** @description The same as `id`. */
            publicId: string;
            tenantId: string;
            name: string;
            chains: components["schemas"]["ChainId"][];
            tokens: string[];
            payoutAddress: components["schemas"]["Address"];
            /** @description Exact origins (`https://shop.example`) or `*.example.org` for its subdomains; a wildcard on a public suffix (`*.com`, `*.github.io`) is refused. */
            origins: string[];
            preferredToken: string | null;
            /**
             * @description DECISIONS §16: with a `preferredToken`, the payer may pay with another allowed token or
             *     the chain's native coin, swapped to exactly the intent's amount of the preferred token in
             *     the payer's own transaction; off, the payer pays in the intent's token.
             */
            autoConversion: boolean;
            /**
             * @description DECISIONS §17: a transfer that is no intent's exact amount but that exactly one waiting
             *     intent fits (its price before the uniqueness units, or short of it within
             *     `underpaymentTolerance`) pays that intent at once, marked `matchedBy: near_amount`
             *     (true), or stays unmatched with the intent as its `candidateIntentId` (false, the
             *     default).
             */
            matchNearAmounts: boolean;
            underpaymentTolerance: components["schemas"]["UnderpaymentTolerance"];
            qrCode: components["schemas"]["QrCode"];
            enabled: boolean;
            disabledAt: components["schemas"]["Timestamp"] | null;
            createdAt: components["schemas"]["Timestamp"];
        };
        /**
         * @description `INTEGRATION_PAYOUT_CHANGED`'s data (DECISIONS §13): one step of a change of where new
         *     payments go, with the integration as it is after that step. A change a dashboard person
         *     asks for waits 24 hours (`SCHEDULED`, with `effectiveAt`), then applies (`APPLIED`), unless
         *     an admin cancels it (`CANCELED`) or a second owner confirms it sooner (`APPLIED`, with
         *     `decidedBy`). A change made with the account key or by the operator (`cli`) applies at
         *     once: one `APPLIED` event. `payoutAddress` is where new payments go now; intents created
         *     before a change applies keep the address their payer was shown.
         */
        IntegrationPayoutChange: {
            /** @enum {string} */
            status: "SCHEDULED" | "APPLIED" | "CANCELED";
            previousPayoutAddress: components["schemas"]["Address"];
            newPayoutAddress: components["schemas"]["Address"];
            /** @description Who asked for the change. */
            changedBy: string;
            changedAt: components["schemas"]["Timestamp"];
            /** @description When the change applies (or applied) by itself. */
            effectiveAt: components["schemas"]["Timestamp"];
            /** @description The admin who canceled it or the owner who confirmed it; null when the clock applied it or it applied as made. */
            decidedBy: string | null;
        } & components["schemas"]["IntegrationFields"];
        /**
         * @description A merchant's terms for taking payments (the spec's integration, as its owner sees it).
         * @example {
         *       "id": "int_wm2bcpnsw5jjbyyvuf7remvgye",
         *       "publicId": "int_wm2bcpnsw5jjbyyvuf7remvgye",
         *       "tenantId": "ten_oyigvulb2inp3mgoeoohlsfgly",
         *       "name": "Web shop",
         *       "chains": [
         *         31337
         *       ],
         *       "tokens": [
         *         "USDC",
         *         "ETH"
         *       ],
         *       "payoutAddress": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
         *       "origins": [
         *         "https://shop.example"
         *       ],
         *       "preferredToken": "USDC",
         *       "autoConversion": false,
         *       "matchNearAmounts": false,
         *       "underpaymentTolerance": null,
         *       "qrCode": "eip681",
         *       "enabled": true,
         *       "disabledAt": null,
         *       "createdAt": "2026-11-22T12:00:00.000Z"
         *     }
         */
        Integration: components["schemas"]["IntegrationFields"];
        /**
         * @description How far short of its price a near-amount transfer may fall and still fit an intent
         *     (DECISIONS §17), for exchanges that deduct their fee: `{"percent": "1.5"}` (of the price,
         *     above 0 and at most 10, up to 4 decimals) or `{"amount": "0.50"}` (in the price's currency;
         *     in the token's units for an intent priced in the token). null: the price exactly.
         *     Converted to the intent's token units rounded down. Changing it, or `matchNearAmounts`,
         *     needs the admin role (or the account key).
         */
        UnderpaymentTolerance: null | {
            percent: string;
        } | {
            amount: string;
        };
        /**
         * @description What the payment page's QR code holds, for the phone wallets payers really use (some read
         *     only the address from a payment URI and make the payer type the amount).
         *     `eip681` (the default): the EIP-681 URI with the amount
         *     (`ethereum:<token>@<chain>/transfer?address=<payout>&uint256=<units>`, or `?value=` for
         *     the coin). `address`: the payout address alone, the exact amount shown large beside it.
         *     `eip681_compatible`: the EIP-681 URI with the amount also in the forms other wallets
         *     read, in scientific notation (`uint256=2.5000137e7`) and as a decimal of whole tokens
         *     (`amount=25.000137`); never `value` beside a token transfer. Whatever the code holds,
         *     the page shows the exact amount, marks the digits that make it exact and says why they
         *     matter. The payer view's `paymentUri` is always the plain EIP-681 URI.
         * @enum {string}
         */
        QrCode: "eip681" | "address" | "eip681_compatible";
        IntegrationCreate: {
            name: string;
            /** @description Chain ids configured in payd. */
            chains: number[];
            /** @description Token symbols; each must exist on one of the chains. */
            tokens: string[];
            /** @description Where payers pay: 0x and 40 hex digits, mixed case only with a valid EIP-55 checksum. */
            payoutAddress: string;
            origins?: string[];
            /** @description One of `tokens`. */
            preferredToken?: string | null;
            /** @default false */
            autoConversion: boolean;
            /** @default false */
            matchNearAmounts: boolean;
            underpaymentTolerance?: components["schemas"]["UnderpaymentTolerance"];
            qrCode?: components["schemas"]["QrCode"];
        };
        IntegrationUpdate: {
            name?: string;
            chains?: number[];
            tokens?: string[];
            payoutAddress?: string;
            origins?: string[];
            preferredToken?: string | null;
            autoConversion?: boolean;
            matchNearAmounts?: boolean;
            /** @description null clears it. */
            underpaymentTolerance?: components["schemas"]["UnderpaymentTolerance"];
            qrCode?: components["schemas"]["QrCode"];
            enabled?: boolean;
        };
        ApiKeyFields: {
            id: string;
            tenantId: string;
            name: string;
            /** @enum {string} */
            kind: "public" | "account" | "integration";
            /** @enum {string} */
            prefix: "svc_pk_test_" | "svc_pk_live_" | "svc_ak_test_" | "svc_ak_live_" | "svc_test_" | "svc_live_";
            last4: string;
            scopes: ("payments:read" | "payments:write" | "events:read" | "webhooks:write" | "refunds:write" | "payouts:write")[];
            integrationId: string | null;
            /** @description The operator's per-key override of 60 requests a minute. */
            rateLimit: number | null;
            /** @enum {string} */
            status: "active" | "expired" | "revoked";
            expiresAt: components["schemas"]["Timestamp"] | null;
            revokedAt: components["schemas"]["Timestamp"] | null;
            lastUsedAt: components["schemas"]["Timestamp"] | null;
            createdAt: components["schemas"]["Timestamp"];
            /**
             * @description Who made the key: a dashboard person (`user_…`), the account key (`key_…`) or the
             *     operator's CLI (`cli`). A rotation's new key is made by whoever rotated. Null for keys
             *     made before payd recorded it.
             */
            createdBy: string | null;
        };
        /**
         * @description A credential as listed (DECISIONS §2); never its text.
         * @example {
         *       "id": "key_m4n5b6v7cqxmz2l3k4j5h6g7fa",
         *       "tenantId": "ten_oyigvulb2inp3mgoeoohlsfgly",
         *       "name": "Order sync",
         *       "kind": "public",
         *       "prefix": "svc_pk_test_",
         *       "last4": "x2Qa",
         *       "scopes": [
         *         "payments:read",
         *         "payments:write"
         *       ],
         *       "integrationId": null,
         *       "rateLimit": null,
         *       "status": "active",
         *       "expiresAt": null,
         *       "revokedAt": null,
         *       "lastUsedAt": null,
         *       "createdAt": "2026-11-22T12:00:00.000Z",
         *       "createdBy": "user_3kfq7wz2mbn5xjdgh4lpr6tycv"
         *     }
         */
        ApiKey: components["schemas"]["ApiKeyFields"];
        /** @description A key as made, with its text this once. */
        ApiKeyIssued: {
            /** @description The key's text; null in a replay of its creation (payd keeps only its digest). */
            key: string | null;
        } & components["schemas"]["ApiKeyFields"];
        ApiKeyCreate: {
            name: string;
            /**
             * @default public
             * @enum {string}
             */
            kind: "public" | "account" | "integration";
            /** @description A public key's scopes (at least one); none for the other kinds. */
            scopes?: ("payments:read" | "payments:write" | "events:read" | "webhooks:write" | "refunds:write" | "payouts:write")[];
            /** @description An integration key's integration. */
            integrationId?: string;
            /** @description RFC 3339, in the future (`2027-06-30T00:00:00Z`). */
            expiresAt?: string;
        };
        /** @description Nothing to send, or how long the old text keeps working. */
        ApiKeyRotate: {
            /** @default 0 */
            overlapSeconds: number;
        };
        /** @enum {string} */
        SubscribableEventType: "PAYMENT_CREATED" | "PAYMENT_PENDING" | "PAYMENT_CONFIRMED" | "PAYMENT_EXPIRED" | "PAYMENT_FAILED" | "PAYMENT_UNMATCHED" | "PAYMENT_REVERSED" | "PAYMENT_LINK_CREATED" | "PAYMENT_RESOLVED" | "INTEGRATION_PAYOUT_CHANGED" | "REFUND_CREATED" | "REFUND_READY" | "REFUND_SENT" | "REFUND_CONFIRMED" | "REFUND_CANCELED" | "REFUND_REVERSED" | "PAYOUT_CREATED" | "PAYOUT_LINE_SENT" | "PAYOUT_LINE_CONFIRMED" | "PAYOUT_LINE_REVERSED" | "PAYOUT_COMPLETED" | "PAYOUT_CANCELED";
        /**
         * @description Where the account's webhooks go (DECISIONS §7). Never shows a secret.
         * @example {
         *       "id": "we_vx3m2kq7pt4nrb6wzd5hy2cfla",
         *       "url": "https://shop.example/payd/webhooks",
         *       "events": [
         *         "PAYMENT_CONFIRMED"
         *       ],
         *       "description": "Order fulfilment",
         *       "enabled": true,
         *       "disabledReason": null,
         *       "payloadShape": "events",
         *       "createdAt": "2026-11-22T12:00:00.000Z"
         *     }
         */
        WebhookEndpoint: components["schemas"]["WebhookEndpointFields"];
        WebhookEndpointFields: {
            id: string;
            url: string;
            /** @description The event types it receives; null for every type. */
            events: components["schemas"]["SubscribableEventType"][] | null;
            description: string | null;
            enabled: boolean;
            /** @description Why it is disabled (by request, or `the endpoint answered 410 Gone`). */
            disabledReason: string | null;
            /**
             * @description The `data` its deliveries carry - the objects of `/api/v1` (`events`) or of `/v1`.
             * @enum {string}
             */
            payloadShape: "events" | "v1";
            createdAt: components["schemas"]["Timestamp"];
        };
        /** @description The endpoint as made, with its own signing secret shown this once. */
        WebhookEndpointCreated: {
            /** @description Its own secret (`/v1/webhooks`), or null (it signs with the account's secret; or a replay). */
            secret: string | null;
        } & components["schemas"]["WebhookEndpointFields"];
        WebhookEndpointCreate: {
            /** @description https (http only on testnet); a public address unless the operator allows others. */
            url: string;
            /** @description The event types to receive (at least one); left out or null for every type. */
            events?: components["schemas"]["SubscribableEventType"][] | null;
            description?: string | null;
            /**
             * @default events
             * @enum {string}
             */
            payloadShape: "events" | "v1";
        };
        V1WebhookEndpointCreate: {
            url: string;
            events?: components["schemas"]["SubscribableEventType"][] | null;
            description?: string | null;
        };
        WebhookEndpointUpdate: {
            url?: string;
            events?: components["schemas"]["SubscribableEventType"][] | null;
            description?: string | null;
            enabled?: boolean;
        };
        /** @description Nothing to send; a body, if any, is `{}`. */
        EmptyBody: Record<string, never>;
        Deleted: {
            id: string;
            /** @constant */
            deleted: true;
        };
        TestEventQueued: {
            eventId: string;
            /** @constant */
            type: "WEBHOOK_TEST";
        };
        WebhookSecretRotated: {
            /** @description Shown this once. */
            secret: string;
            previousValidUntil: components["schemas"]["Timestamp"];
        };
        /**
         * @description One change made in the account (DECISIONS §13).
         * @example {
         *       "id": "aud_q2w3e4r5t6y7ukiaopxa2s3d4m",
         *       "actor": "key_m4n5b6v7cqxmz2l3k4j5h6g7fa",
         *       "action": "webhook_endpoint.update",
         *       "objectId": "we_vx3m2kq7pt4nrb6wzd5hy2cfla",
         *       "before": {
         *         "enabled": true
         *       },
         *       "after": {
         *         "enabled": false
         *       },
         *       "createdAt": "2026-11-22T12:00:00.000Z"
         *     }
         */
        AuditEntry: {
            id: string;
            /** @description Who - the key's id (`key_…`), a dashboard user (`user_…`), `cli` (the operator on the server), or `payer` (the payer on the refund page, giving a refund's address). */
            actor: string;
            /** @description `<object>.<verb>`, e.g. `webhook_endpoint.create`, `integration.update`, `payment_intent.resolve`. */
            action: string;
            objectId: string;
            /** @description The object before (null when created). */
            before: Record<string, never> | null;
            /** @description The object after (null when deleted). */
            after: Record<string, never> | null;
            createdAt: components["schemas"]["Timestamp"];
        };
        IntentWebhookPayload: {
            type: components["schemas"]["IntentEventType"];
            timestamp: components["schemas"]["Timestamp"];
            /** @description The intent as it then was - an `Intent`, or a `V1Intent` for an endpoint whose `payloadShape` is `v1`. */
            data: components["schemas"]["Intent"] | components["schemas"]["V1Intent"];
        };
        PaymentWebhookPayload: {
            /** @constant */
            type: "PAYMENT_UNMATCHED";
            timestamp: components["schemas"]["Timestamp"];
            /** @description The payment - a `Payment`, or a `V1Payment` for an endpoint whose `payloadShape` is `v1`. */
            data: components["schemas"]["Payment"] | components["schemas"]["V1Payment"];
        };
        /**
         * @description `requested` while payd works out the address (no refund stays in it); `address_needed` until
         *     the payer gives one on the refund page; `ready` to send; `sent` once its transfer is on chain;
         *     `confirmed` at the chain's confirmation depth; `canceled` by the merchant; `reversed` when a
         *     reorganisation removed its confirmed transfer (it waits for its transfer again, as `ready`).
         * @enum {string}
         */
        RefundStatus: "requested" | "address_needed" | "ready" | "sent" | "confirmed" | "canceled" | "reversed";
        /** @enum {string} */
        RefundEventType: "REFUND_CREATED" | "REFUND_READY" | "REFUND_SENT" | "REFUND_CONFIRMED" | "REFUND_CANCELED" | "REFUND_REVERSED";
        RefundCreate: {
            /** @description In the token's smallest units. With neither `amount` nor `price`, all that is left. */
            amount?: components["schemas"]["Units"];
            /** @description In the currency the payment's intent was priced in, converted at the rate of the moment. */
            price?: {
                amount: components["schemas"]["Decimal"];
                currency: string;
            };
            /**
             * @default requested_by_customer
             * @enum {string}
             */
            reason: "requested_by_customer" | "duplicate" | "fraudulent" | "other";
            metadata?: components["schemas"]["Metadata"];
        };
        /**
         * @description The transfer for the payout wallet to sign: `eth_sendTransaction` from `from` with `to`,
         *     `data` and `value` (wei), or the EIP-681 `uri` for a phone wallet.
         */
        PreparedTransfer: {
            chainId: components["schemas"]["ChainId"];
            from: components["schemas"]["Address"];
            to: components["schemas"]["Address"];
            data: string;
            value: components["schemas"]["Units"];
            uri: string;
        };
        /** @description A refund of a confirmed payment (DECISIONS §15). */
        Refund: {
            id: string;
            paymentId: string;
            intentId: string | null;
            status: components["schemas"]["RefundStatus"];
            chainId: components["schemas"]["ChainId"];
            token: string;
            tokenAddress: components["schemas"]["Address"] | null;
            decimals: number;
            amount: components["schemas"]["Units"];
            amountFormatted: components["schemas"]["Decimal"];
            price: null | {
                amount: components["schemas"]["Decimal"];
                currency: string;
            };
            rate: components["schemas"]["Rate"] | null;
            from: components["schemas"]["Address"];
            to: components["schemas"]["Address"] | null;
            /** @enum {string|null} */
            addressSource: "payment_wallet" | "payer" | null;
            addressPageExpiresAt: components["schemas"]["Timestamp"] | null;
            transfer: components["schemas"]["PreparedTransfer"] | null;
            txHash: components["schemas"]["Hash"] | null;
            blockNumber: number | null;
            confirmations: number;
            /** @enum {string} */
            reason: "requested_by_customer" | "duplicate" | "fraudulent" | "other";
            metadata: Record<string, never>;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
            sentAt: components["schemas"]["Timestamp"] | null;
            confirmedAt: components["schemas"]["Timestamp"] | null;
            canceledAt: components["schemas"]["Timestamp"] | null;
        };
        /**
         * @description From its lines: `open` while a line waits for its transfer or is sent and not yet confirmed;
         *     `completed` when every line is confirmed or canceled (one at least confirmed); `canceled`
         *     when every line is canceled.
         * @enum {string}
         */
        PayoutStatus: "open" | "completed" | "canceled";
        /** @enum {string} */
        PayoutLineStatus: "ready" | "sent" | "confirmed" | "canceled" | "reversed";
        /** @enum {string} */
        PayoutEventType: "PAYOUT_CREATED" | "PAYOUT_COMPLETED" | "PAYOUT_CANCELED";
        /** @enum {string} */
        PayoutLineEventType: "PAYOUT_LINE_SENT" | "PAYOUT_LINE_CONFIRMED" | "PAYOUT_LINE_REVERSED";
        PayoutCreate: {
            name: string;
            chainId: components["schemas"]["ChainId"];
            /** @description A token symbol of the chain in the catalog, or its native coin (ETH). */
            token: string;
            /** @description The payout address that sends; may be left out when exactly one takes this chain and token. */
            from?: components["schemas"]["Address"];
            lines: {
                to: components["schemas"]["Address"];
                amount: components["schemas"]["Units"];
                reference?: string;
            }[];
            metadata?: components["schemas"]["Metadata"];
        };
        /** @description One transfer of a payout; its events carry it. */
        PayoutLine: {
            id: string;
            payoutId: string;
            status: components["schemas"]["PayoutLineStatus"];
            chainId: components["schemas"]["ChainId"];
            token: string;
            from: components["schemas"]["Address"];
            to: components["schemas"]["Address"];
            amount: components["schemas"]["Units"];
            amountFormatted: components["schemas"]["Decimal"];
            reference: string | null;
            /** @description What the wallet signs, while the line waits for its transfer (`ready`, `reversed`); else null. */
            transfer: components["schemas"]["PreparedTransfer"] | null;
            txHash: components["schemas"]["Hash"] | null;
            blockNumber: number | null;
            confirmations: number;
            sentAt: components["schemas"]["Timestamp"] | null;
            confirmedAt: components["schemas"]["Timestamp"] | null;
            canceledAt: components["schemas"]["Timestamp"] | null;
        };
        PayoutFields: {
            id: string;
            name: string;
            status: components["schemas"]["PayoutStatus"];
            chainId: components["schemas"]["ChainId"];
            token: string;
            tokenAddress: components["schemas"]["Address"] | null;
            decimals: number;
            from: components["schemas"]["Address"];
            /** @description What its lines come to, canceled ones aside. */
            total: components["schemas"]["Units"];
            totalFormatted: components["schemas"]["Decimal"];
            lineCount: number;
            confirmedCount: number;
            metadata: Record<string, never>;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
            completedAt: components["schemas"]["Timestamp"] | null;
            canceledAt: components["schemas"]["Timestamp"] | null;
        };
        /** @description A payout without its lines (lists, and the payout's own events). */
        PayoutSummary: components["schemas"]["PayoutFields"];
        /** @description A payout with its lines, in the order given. */
        Payout: components["schemas"]["PayoutFields"] & {
            lines: components["schemas"]["PayoutLine"][];
        };
        PayoutWebhookPayload: {
            type: components["schemas"]["PayoutEventType"];
            timestamp: components["schemas"]["Timestamp"];
            data: components["schemas"]["PayoutSummary"];
        };
        PayoutLineWebhookPayload: {
            type: components["schemas"]["PayoutLineEventType"];
            timestamp: components["schemas"]["Timestamp"];
            data: components["schemas"]["PayoutLine"];
        };
        SafeBatchFile: {
            /** @constant */
            version: "1.0";
            chainId: string;
            createdAt: number;
            meta: {
                name: string;
                description: string;
                createdFromSafeAddress: components["schemas"]["Address"];
            };
            transactions: {
                to: components["schemas"]["Address"];
                value: components["schemas"]["Units"];
                data: string;
            }[];
        };
        V1RefundCreate: {
            /** @description pi_…: refunds its one confirmed payment. */
            paymentIntent?: string;
            /** @description pay_…: the payment to refund, when several paid the intent (or none did). */
            payment?: string;
            /** @description In the intent's asked currency (a currency, or the token's decimal units); none is all that is left. */
            amount?: components["schemas"]["Decimal"] | number;
            /** @enum {string} */
            reason?: "requested_by_customer" | "duplicate" | "fraudulent" | "other";
            metadata?: components["schemas"]["Metadata"];
        };
        /** @description A refund in the /v1 shape (DECISIONS §12, §15). */
        V1Refund: {
            id: string;
            status: components["schemas"]["RefundStatus"];
            /** @description In `currency`, as refunded. */
            amount: components["schemas"]["Decimal"];
            currency: string;
            token: string;
            /** @description What the payout wallet sends, in the token's decimal units. */
            tokenAmount: components["schemas"]["Decimal"];
            paymentIntent: string | null;
            payment: string;
            /** @enum {string} */
            reason: "requested_by_customer" | "duplicate" | "fraudulent" | "other";
            metadata: Record<string, never>;
            to: components["schemas"]["Address"] | null;
            transfer: components["schemas"]["PreparedTransfer"] | null;
            txHash: components["schemas"]["Hash"] | null;
            createdAt: components["schemas"]["Timestamp"];
            confirmedAt: components["schemas"]["Timestamp"] | null;
            canceledAt: components["schemas"]["Timestamp"] | null;
        };
        RefundWebhookPayload: {
            type: components["schemas"]["RefundEventType"];
            timestamp: components["schemas"]["Timestamp"];
            /** @description The refund as it then was - a `Refund`, or a `V1Refund` for an endpoint whose `payloadShape` is `v1`. */
            data: components["schemas"]["Refund"] | components["schemas"]["V1Refund"];
        };
        IntegrationWebhookPayload: {
            /** @constant */
            type: "INTEGRATION_PAYOUT_CHANGED";
            timestamp: components["schemas"]["Timestamp"];
            data: components["schemas"]["IntegrationPayoutChange"];
        };
        LinkWebhookPayload: {
            /** @constant */
            type: "PAYMENT_LINK_CREATED";
            timestamp: components["schemas"]["Timestamp"];
            data: components["schemas"]["PaymentLink"];
        };
        TestWebhookPayload: {
            /** @constant */
            type: "WEBHOOK_TEST";
            timestamp: components["schemas"]["Timestamp"];
            data: components["schemas"]["WebhookTestData"];
        };
    };
    responses: {
        /**
         * @description `invalid_request`: malformed JSON, a missing, invalid, unknown or wrongly typed field, an
         *     unknown or repeated query parameter, `limit` over 100, a malformed HTTP request.
         */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "invalid_request",
                 *         "message": "amount must be a string, not a number.",
                 *         "param": "amount",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorInvalidRequest"];
            };
        };
        /**
         * @description No key, a malformed or unknown key, an integration key, two different keys
         *     (`unauthorized`); an expired (`key_expired`) or revoked (`key_revoked`) key; a key of the
         *     other environment (`wrong_environment`).
         */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorUnauthorized"];
            };
        };
        /**
         * @description An integration key of another integration, or unknown (`unauthorized`); a revoked or
         *     expired one (`key_revoked`, `key_expired`); one of the other environment
         *     (`wrong_environment`).
         */
        PublicUnauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unauthorized",
                 *         "message": "This integration key does not belong to this integration.",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorUnauthorized"];
            };
        };
        /** @description The key lacks the scope; the message names it (`insufficient_scope`). */
        InsufficientScope: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "insufficient_scope",
                 *         "message": "This key lacks the scope payments:write.",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorInsufficientScope"];
            };
        };
        /** @description A public API key, where only the account key may do this (`insufficient_scope`). */
        AccountKeyOnly: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "insufficient_scope",
                 *         "message": "Only the account key may make this request.",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorInsufficientScope"];
            };
        };
        /** @description The origin is outside the integration's allowlist, or neither `Origin` nor `Referer` was sent (`origin_not_allowed`). */
        OriginNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "origin_not_allowed",
                 *         "message": "Origin https://evil.example is not allowed for this integration.",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorOriginNotAllowed"];
            };
        };
        /** @description An unknown route, an unknown id, or another tenant's object (never 403). */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "not_found",
                 *         "message": "No such payment link: plink_x",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorNotFound"];
                "text/html": string;
            };
        };
        /** @description A known path asked with a method it does not serve; `Allow` lists those it does. */
        MethodNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                Allow: string;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "method_not_allowed",
                 *         "message": "Method not allowed.",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorMethodNotAllowed"];
            };
        };
        /** @description An `Idempotency-Key` reused with different parameters (`idempotency_conflict`). */
        IdempotencyConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit-Optional"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining-Optional"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset-Optional"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "idempotency_conflict",
                 *         "message": "This Idempotency-Key was used with different parameters.",
                 *         "param": "Idempotency-Key",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorIdempotencyConflict"];
            };
        };
        /** @description The intent no longer waits for payment (paid in full, expired, failed) (`intent_not_waiting`). */
        IntentNotWaiting: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "intent_not_waiting",
                 *         "message": "This payment intent no longer waits for payment.",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorIntentNotWaiting"];
            };
        };
        /** @description A body over 64 KiB (`payload_too_large`). */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "payload_too_large",
                 *         "message": "The body is larger than 65536 bytes.",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorPayloadTooLarge"];
            };
        };
        /** @description A POST body whose `Content-Type` is not `application/json` (`unsupported_media_type`). */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unsupported_media_type",
                 *         "message": "The body must be application/json.",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorUnsupportedMediaType"];
            };
        };
        /**
         * @description Over the per-client limit of the public endpoints, over the open-stream cap, or an
         *     integration holding its most open key-less intents (`rate_limited`).
         */
        RateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit-Optional"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining-Optional"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset-Optional"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "rate_limited",
                 *         "message": "Too many requests. Retry after 60 seconds.",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorRateLimited"];
            };
        };
        /** @description The key's 61st request in a window (`rate_limited`, `Retry-After: 60`). */
        RateLimitedApi: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "rate_limited",
                 *         "message": "Rate limit exceeded. Retry after 60 seconds.",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorRateLimited"];
            };
        };
        /** @description A dashboard page (HTML, under the dashboard's CSP, never cached). */
        DashboardPage: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Content-Security-Policy": components["headers"]["Content-Security-Policy-Optional"];
                [name: string]: unknown;
            };
            content: {
                "text/html": string;
            };
        };
        /**
         * @description Where to go instead: `/dashboard/sign-in` when not signed in, `/dashboard` when signed in,
         *     `/dashboard/two-factor` for a person who must set up two factors first, or the page a
         *     form's change is seen on (with the fragment of its section, `#email`).
         */
        DashboardRedirect: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                Location: string;
                [name: string]: unknown;
            };
            content?: never;
        };
        /**
         * @description Signed in: the session's cookie, and the overview. For a person with two factors, a right
         *     password opens a session that only waits for the code: `/dashboard/sign-in/code`.
         */
        DashboardSignedIn: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                Location: "/dashboard" | "/dashboard/sign-in/code";
                /**
                 * @description `payd_session=<token>; Path=/dashboard; HttpOnly; SameSite=Lax` (and `Secure` when
                 *     `public_url` is https). A password sign-in that opens the dashboard also sets
                 *     `payd_browser=<token>; Path=/dashboard; Max-Age=15552000; HttpOnly; SameSite=Lax`: the
                 *     browser its person signed in from, which a lock by address does not stop (issue 35).
                 */
                "Set-Cookie": string;
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Signed out; the cookie cleared, and the sign-in form. */
        DashboardSignedOut: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                Location: "/dashboard/sign-in";
                "Set-Cookie": string;
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The form again, with what to fix at the top and beside each field; what was typed is kept, never a password. */
        DashboardFormRefused: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                [name: string]: unknown;
            };
            content: {
                "text/html": string;
            };
        };
        /**
         * @description Refused, nothing changed: the form did not come from a dashboard page (another site's
         *     `Origin`, or no valid `csrf` token), or the person's role cannot do this (the page names the
         *     role needed).
         */
        DashboardForeignForm: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                [name: string]: unknown;
            };
            content: {
                "text/html": string;
            };
        };
        /** @description The link no longer works (unknown, used, expired, or its person disabled), or the object is not there (or is another tenant's). */
        DashboardNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                [name: string]: unknown;
            };
            content: {
                "text/html": string;
            };
        };
        /**
         * @description Too many failed sign-ins for this address or from this client (the form, saying how long to
         *     wait); or, on a page that checks a password or looks up a webhook URL's host, more such
         *     work at once than payd runs (off the connection threads, a bounded number at once): a page
         *     asking to retry, `Retry-After: 1`.
         */
        DashboardLocked: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "text/html": string;
            };
        };
        /** @description Over the per-client read limit: the 429 page, or the JSON error for a client preferring JSON. */
        PageRateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "text/html": string;
                "application/json": components["schemas"]["ErrorRateLimited"];
            };
        };
        /** @description A bug; nothing internal is revealed, the log has the details (`internal_error`). */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "internal_error",
                 *         "message": "Internal server error. Quote the requestId when reporting it.",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorInternal"];
            };
        };
        /**
         * @description The database cannot take the request, a price is stale or missing, or the server is at its
         *     connection cap (`unavailable`). `Retry-After` says when to try again.
         */
        Unavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unavailable",
                 *         "message": "The database is busy. Retry in a few seconds.",
                 *         "requestId": "req_3k2n5q7xw4ab2cde"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorUnavailable"];
            };
        };
        /** @description The database cannot take the request: the 503 page, or the JSON error for a client preferring JSON. */
        PageUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "text/html": string;
                "application/json": components["schemas"]["ErrorUnavailable"];
            };
        };
        /** @description A CORS preflight from an allowed origin (or admitted by an integration key, then without `Access-Control-Allow-Origin` unless the origin is allowed too). */
        Preflight: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                /** @description The request's origin, when it is allowed. */
                "Access-Control-Allow-Origin"?: string;
                "Access-Control-Allow-Methods": "GET, POST, OPTIONS";
                "Access-Control-Allow-Headers": "Content-Type, Idempotency-Key, X-API-Key";
                "Access-Control-Max-Age": "600";
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The file, gzipped for a client that accepts it; `ETag` for revalidation. */
        Asset: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                ETag: string;
                "Cache-Control": string;
                [name: string]: unknown;
            };
            content: {
                "text/javascript": string;
                "text/css": string;
                "text/plain": string;
                "application/json": Record<string, never>;
                "image/x-icon": string;
            };
        };
        /** @description The client's copy (`If-None-Match`) is current. */
        NotModified: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                ETag: string;
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Any 2xx within 15 s marks the delivery DELIVERED; anything else is retried (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, then FAILED; `Retry-After` honoured on 429 and 503; `410` disables the endpoint). */
        WebhookAccepted: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
    };
    parameters: {
        /** @description The integration's public id (`int_…`). */
        PublicId: string;
        /** @description A payment intent id (`pi_…`). */
        IntentId: string;
        /** @description A payment link id (`plink_…`). */
        LinkId: string;
        /** @description Checked against the integration's allowlist; without it, the origin of `Referer`. */
        Origin: string;
        /** @description 1 to 255 printable ASCII characters, no spaces; kept 24 h (DECISIONS §8). */
        IdempotencyKey: string;
        Limit: number;
        /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
        WebhookId: string;
        /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
        WebhookTimestamp: number;
        /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
        WebhookSignature: string;
        /** @description The file's content hash, as the pages link it; with the current one the answer may be cached forever (`immutable`), else `no-cache`. */
        AssetVersion: string;
        Offset: number;
        /** @description An integration id (`int_…`). */
        IntegrationId: string;
        /** @description An API key id (`key_…`). */
        KeyId: string;
        /** @description A webhook endpoint id (`we_…`). */
        EndpointId: string;
        /** @description A webhook delivery id (`whd_…`). */
        DeliveryId: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request's id, also in payd's log line for it and in every error body. */
        "X-Request-Id": string;
        /** @description On every answer, whatever produced it - a browser takes the Content-Type as sent. */
        "X-Content-Type-Options": "nosniff";
        /** @description The requests per minute of the key (/api/v1), or of the client and integration (public endpoints). */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current window. */
        "X-RateLimit-Remaining": number;
        /** @description When the window ends, in Unix seconds (rounded up). */
        "X-RateLimit-Reset": number;
        /** @description The client's limit per minute for this kind of request. */
        "X-RateLimit-Limit-Optional": number;
        /** @description Requests left in the current window. */
        "X-RateLimit-Remaining-Optional": number;
        /** @description When the window ends, in Unix seconds. */
        "X-RateLimit-Reset-Optional": number;
        /** @description Seconds to wait before trying again. */
        "Retry-After": number;
        /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
        "Idempotent-Replayed": "true";
        /** @description The request's origin, when it is allowed. */
        "Access-Control-Allow-Origin": string;
        /** @description The headers a page's script may read. */
        "Access-Control-Expose-Headers": string;
        /** @description The page's CSP (HTML answers only). */
        "Content-Security-Policy-Optional": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process runs. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The database answers. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "database": "ok",
                     *       "environment": "testnet"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        status: "ready";
                        /** @constant */
                        database: "ok";
                        environment: components["schemas"]["Environment"];
                        /**
                         * @description Present while some chain's providers disagree and no quorum agrees: one line per
                         *     chain, "chain <id>: no quorum of <n> agrees on block <number>: <hash> from
                         *     <provider>; …" (providers by scheme, host and port only).
                         */
                        confirmationsWaiting?: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPublicIntegration: {
        parameters: {
            query?: never;
            header?: {
                /** @description Checked against the integration's allowlist; without it, the origin of `Referer`. */
                Origin?: components["parameters"]["Origin"];
            };
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configuration. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicIntegration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    preflightPublicIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Preflight"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createPublicIntent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Checked against the integration's allowlist; without it, the origin of `Referer`. */
                Origin?: components["parameters"]["Origin"];
                /** @description 1 to 255 printable ASCII characters, no spaces; kept 24 h (DECISIONS §8). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount_usd": "25.00",
                 *       "currency": "USDC",
                 *       "chainId": 31337,
                 *       "metadata": {
                 *         "orderId": "A-1"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["PublicIntentCreate"];
            };
        };
        responses: {
            /**
             * @description The intent was created, or (with `Idempotent-Replayed: true`) the original answer to
             *     the same idempotency key and body.
             */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicIntent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    preflightPublicIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Preflight"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPublicIntent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Checked against the integration's allowlist; without it, the origin of `Referer`. */
                Origin?: components["parameters"]["Origin"];
            };
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payer's view. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicIntent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    preflightPublicIntentGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Preflight"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    streamPublicIntent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Checked against the integration's allowlist; without it, the origin of `Referer`. */
                Origin?: components["parameters"]["Origin"];
            };
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream. Each `data:` line of an `intent` event is a `PublicIntent` in JSON. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": "no-store";
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example retry: 3000
                     *
                     *     event: intent
                     *     data: {"id":"pi_uc5oiz3jydtnwitxmymoyrnqhu","status":"CREATED"}
                     */
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    preflightPublicIntentEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Preflight"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getSenderMessage: {
        parameters: {
            query: {
                /** @description The payer's wallet (any case form; EIP-55 checked when mixed-case). */
                address: string;
            };
            header?: {
                /** @description Checked against the integration's allowlist; without it, the origin of `Referer`. */
                Origin?: components["parameters"]["Origin"];
            };
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message (deterministic; issuing it stores nothing). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SenderMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IntentNotWaiting"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    preflightSenderMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Preflight"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listConversions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Checked against the integration's allowlist; without it, the origin of `Referer`. */
                Origin?: components["parameters"]["Origin"];
            };
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The offers, cheapest quote first per token. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionOffers"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IntentNotWaiting"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    preflightConversions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Preflight"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    prepareConversion: {
        parameters: {
            query?: {
                /** @description The payer's wallet, to spare an approval it already gave (EIP-55 checked when mixed-case). */
                payer?: string;
            };
            header?: {
                /** @description Checked against the integration's allowlist; without it, the origin of `Referer`. */
                Origin?: components["parameters"]["Origin"];
            };
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
                /** @description The symbol to pay with (one of the offers). */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The quote and the calls. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionPlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IntentNotWaiting"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    preflightConversion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
                /** @description The symbol to pay with (one of the offers). */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Preflight"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    proveSender: {
        parameters: {
            query?: never;
            header?: {
                /** @description Checked against the integration's allowlist; without it, the origin of `Referer`. */
                Origin?: components["parameters"]["Origin"];
            };
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SenderProof"];
            };
        };
        responses: {
            /** @description The payer's view of the intent, with the proven hint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Access-Control-Expose-Headers": components["headers"]["Access-Control-Expose-Headers"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicIntent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IntentNotWaiting"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    preflightSenderProof: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration's public id (`int_…`). */
                publicId: components["parameters"]["PublicId"];
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: components["responses"]["Preflight"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["PublicUnauthorized"];
            403: components["responses"]["OriginNotAllowed"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPaymentLinks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The links. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createPaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, no spaces; kept 24 h (DECISIONS §8). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "integrationId": "int_wm2bcpnsw5jjbyyvuf7remvgye",
                 *       "type": "LINK",
                 *       "name": "T-shirt",
                 *       "amount": "25.00",
                 *       "currency": "USD"
                 *     }
                 */
                "application/json": components["schemas"]["PaymentLinkCreate"];
            };
        };
        responses: {
            /**
             * @description The link was created, or (with `Idempotent-Replayed: true`) the original answer to the
             *     same idempotency key and body.
             */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            409: components["responses"]["IdempotencyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment link id (`plink_…`). */
                linkId: components["parameters"]["LinkId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    updatePaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment link id (`plink_…`). */
                linkId: components["parameters"]["LinkId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "T-shirt (blue)",
                 *       "amount": "27.00",
                 *       "status": "active"
                 *     }
                 */
                "application/json": components["schemas"]["PaymentLinkUpdate"];
            };
        };
        responses: {
            /** @description The link as changed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPaymentIntents: {
        parameters: {
            query?: {
                status?: components["schemas"]["IntentStatus"];
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of intents, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["Intent"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The intent. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Intent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPayments: {
        parameters: {
            query?: {
                status?: components["schemas"]["PaymentStatus"];
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["Payment"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Event"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of delivery records, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    attachPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "intentId": "pi_uc5oiz3jydtnwitxmymoyrnqhu"
                 *     }
                 */
                "application/json": components["schemas"]["PaymentAttach"];
            };
        };
        responses: {
            /**
             * @description The payment, now paying the intent; the intent moved as the ledger's rules say (its events
             *     written, as for a transfer matched on chain).
             */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPaymentRefunds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every refund of the payment, canceled ones too. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Refund"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, no spaces; kept 24 h (DECISIONS §8). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": "2000000",
                 *       "reason": "requested_by_customer",
                 *       "metadata": {
                 *         "ticket": "T-1"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["RefundCreate"];
            };
        };
        responses: {
            /** @description The refund, `ready` or `address_needed`; or the replay of an earlier request with this Idempotency-Key. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listRefunds: {
        parameters: {
            query?: {
                status?: components["schemas"]["RefundStatus"];
                paymentId?: string;
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of refunds. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["Refund"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refundId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refund. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refundId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refund, canceled. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createRefundAddressPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refundId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link and the refund. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        url: string;
                        expiresAt: components["schemas"]["Timestamp"];
                        refund: components["schemas"]["Refund"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getRefundSafeBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refundId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch file, as an attachment. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SafeBatchFile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPayouts: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payouts. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["PayoutSummary"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createPayout: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, no spaces; kept 24 h (DECISIONS §8). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "November sellers",
                 *       "chainId": 8453,
                 *       "token": "USDC",
                 *       "lines": [
                 *         {
                 *           "to": "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
                 *           "amount": "12500000",
                 *           "reference": "INV-1042"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["PayoutCreate"];
            };
        };
        responses: {
            /** @description The payout with its lines; or the replay of an earlier request with this Idempotency-Key. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payout"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPayout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payoutId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payout"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelPayout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payoutId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout, its lines not sent canceled. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payout"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPayoutSafeBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payoutId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch file, as an attachment. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SafeBatchFile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    resolveIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "outcome": "paid",
                 *       "note": "Customer paid the fee in cash"
                 *     }
                 */
                "application/json": components["schemas"]["IntentResolve"];
            };
        };
        responses: {
            /** @description The intent as resolved (`resolution`); the same decision again answers it as it is. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Intent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    setSenderHint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
                 *     }
                 */
                "application/json": components["schemas"]["SenderHintSet"];
            };
        };
        responses: {
            /** @description The intent with its hint (`senderHintSource` `merchant`), and whatever the hint moved. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Intent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IntentNotWaiting"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The intent as canceled (or as it was, when canceled before). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Intent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listIntegrations: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the account's integrations, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["Integration"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["AccountKeyOnly"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createIntegration: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, no spaces; kept 24 h (DECISIONS §8). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Web shop",
                 *       "chains": [
                 *         31337
                 *       ],
                 *       "tokens": [
                 *         "USDC",
                 *         "ETH"
                 *       ],
                 *       "payoutAddress": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
                 *       "origins": [
                 *         "https://shop.example",
                 *         "*.example.org"
                 *       ],
                 *       "preferredToken": "USDC"
                 *     }
                 */
                "application/json": components["schemas"]["IntegrationCreate"];
            };
        };
        responses: {
            /**
             * @description The integration was created; or (with `Idempotent-Replayed: true`) the original answer to the
             *     same idempotency key and body.
             */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Integration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["AccountKeyOnly"];
            409: components["responses"]["IdempotencyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An integration id (`int_…`). */
                integrationId: components["parameters"]["IntegrationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Integration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["AccountKeyOnly"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An integration id (`int_…`). */
                integrationId: components["parameters"]["IntegrationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "payoutAddress": "0x90F79bf6EB2c4f870365E785982E1f101E93b906"
                 *     }
                 */
                "application/json": components["schemas"]["IntegrationUpdate"];
            };
        };
        responses: {
            /** @description The integration as changed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Integration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["AccountKeyOnly"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the account's keys, newest first: prefix and last 4 characters, never the text. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["ApiKey"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["AccountKeyOnly"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, no spaces; kept 24 h (DECISIONS §8). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Order sync",
                 *       "scopes": [
                 *         "payments:read",
                 *         "payments:write"
                 *       ],
                 *       "expiresAt": "2027-06-30T00:00:00Z"
                 *     }
                 */
                "application/json": components["schemas"]["ApiKeyCreate"];
            };
        };
        responses: {
            /**
             * @description The key, with its text in `key`: the only time it is shown. A replay of the same
             *     `Idempotency-Key` and body (`Idempotent-Replayed: true`) answers the key with `key` null.
             */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyIssued"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["AccountKeyOnly"];
            409: components["responses"]["IdempotencyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An API key id (`key_…`). */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key (never its text). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["AccountKeyOnly"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An API key id (`key_…`). */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The key as revoked (a key revoked before stays as it was). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["AccountKeyOnly"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    rotateApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An API key id (`key_…`). */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ApiKeyRotate"];
            };
        };
        responses: {
            /** @description The new key, with its text in `key` (shown this once); the old one ends as asked. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyIssued"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["AccountKeyOnly"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the account's endpoints, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, no spaces; kept 24 h (DECISIONS §8). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://shop.example/payd/webhooks",
                 *       "events": [
                 *         "PAYMENT_CONFIRMED",
                 *         "PAYMENT_UNMATCHED"
                 *       ],
                 *       "description": "Order fulfilment"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEndpointCreate"];
            };
        };
        responses: {
            /**
             * @description The endpoint was created (`secret` is its own signing secret, shown this once, or null when it
             *     signs with the account's secret); or (with `Idempotent-Replayed: true`) the original answer to the
             *     same idempotency key and body, its `secret` null.
             */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            409: components["responses"]["IdempotencyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint id (`we_…`). */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint (never its secret). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint id (`we_…`). */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint is gone; its deliveries not yet made failed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint id (`we_…`). */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": false
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEndpointUpdate"];
            };
        };
        responses: {
            /** @description The endpoint as updated. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint id (`we_…`). */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description A `WEBHOOK_TEST` event was queued for this endpoint (whatever its `events` filter). */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestEventQueued"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listEndpointDeliveries: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path: {
                /** @description A webhook endpoint id (`we_…`). */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the endpoint's delivery records, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook delivery id (`whd_…`). */
                deliveryId: components["parameters"]["DeliveryId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description A new delivery of the same event (same `webhook-id`) to the same endpoint, due now. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The new secret, shown this once; the previous one keeps signing beside it until `previousValidUntil`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecretRotated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["AccountKeyOnly"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the changes made in the account, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["AuditEntry"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["AccountKeyOnly"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listV1PaymentIntents: {
        parameters: {
            query?: {
                status?: components["schemas"]["V1IntentStatus"];
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of intents, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["V1Intent"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createV1PaymentIntent: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, no spaces; kept 24 h (DECISIONS §8). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 25,
                 *       "currency": "USD",
                 *       "metadata": {
                 *         "orderId": "A-1001"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["V1IntentCreate"];
            };
        };
        responses: {
            /**
             * @description The intent was created, or (with `Idempotent-Replayed: true`) the original answer to the
             *     same idempotency key and body.
             */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Intent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            409: components["responses"]["IdempotencyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getV1PaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The intent. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Intent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelV1PaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment intent id (`pi_…`). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The intent as canceled (or as it was, when canceled before). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Intent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listV1Payments: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["V1Payment"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getV1Payment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listV1Refunds: {
        parameters: {
            query?: {
                status?: components["schemas"]["RefundStatus"];
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of refunds. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["V1Refund"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createV1Refund: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, no spaces; kept 24 h (DECISIONS §8). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "paymentIntent": "pi_uc5oiz3jydtnwitxmymoyrnqhu",
                 *       "amount": 10,
                 *       "reason": "requested_by_customer"
                 *     }
                 */
                "application/json": components["schemas"]["V1RefundCreate"];
            };
        };
        responses: {
            /** @description The refund; or the replay of an earlier request with this Idempotency-Key. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Refund"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getV1Refund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refundId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refund. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Refund"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelV1Refund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refundId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refund, canceled (one canceled already, as it is). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Refund"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listV1Webhooks: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Limit"];
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the account's endpoints, newest first (those made on `/api/v1` too). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Page"] & {
                        data?: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createV1Webhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, no spaces; kept 24 h (DECISIONS §8). */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://shop.example/payd/webhooks",
                 *       "events": [
                 *         "PAYMENT_CONFIRMED"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["V1WebhookEndpointCreate"];
            };
        };
        responses: {
            /**
             * @description The endpoint was created with a signing secret of its own (`secret`, shown this once); or (with
             *     `Idempotent-Replayed: true`) the original answer to the same idempotency key and body, its
             *     `secret` null.
             */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            409: components["responses"]["IdempotencyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteV1Webhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint id (`we_…`). */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint is gone; its deliveries not yet made failed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["InsufficientScope"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimitedApi"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPayPage: {
        parameters: {
            query?: {
                /** @description The page's language (`en`, `de`, `es`, `fr`); else cookie `payd_lang`, else `Accept-Language`. */
                lang?: string;
                /** @description What the intent page's "email me a receipt" did (`POST /pay/{id}/receipt`), for the page to say. */
                receipt?: "requested" | "sent" | "invalid" | "off";
            };
            header?: never;
            path: {
                /** @description A payment link id (`plink_…`, the link page) or a payment intent id (`pi_…`, the intent page; the receipt once paid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page, or the link's public view for a client preferring JSON. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy-Optional"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["PublicPaymentLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description No such link or intent: the 404 page, or the JSON error for a client preferring JSON. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["PageRateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    submitPayForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment link id (`plink_…`, the link page) or a payment intent id (`pi_…`, the intent page; the receipt once paid). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    amount?: string;
                    /** @description The chain and token chosen among the page's options. */
                    option?: string;
                    lang?: string;
                };
            };
        };
        responses: {
            /** @description The intent was created, or the choice recorded; the intent's page. */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    /** @description `/pay/<pi_…>` */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The form was refused; the page again, saying why. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such link, or no intent asked on /v1 of this id. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["PageRateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    requestReceiptByEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    email?: string;
                    lang?: string;
                    /** @description The widget's page origin, from the page in its frame. */
                    frame?: string;
                };
            };
        };
        responses: {
            /** @description Back to the payment page, saying what happened. */
            303: {
                headers: {
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description No such intent, or payd sends no email: the 404 page, or the JSON error for a client preferring JSON. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["PageRateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getRefundPage: {
        parameters: {
            query?: {
                /** @description The page's language (`en`, `de`, `es`, `fr`); else cookie `payd_lang`, else `Accept-Language`. */
                lang?: string;
            };
            header?: never;
            path: {
                /** @description The token of a link made by `POST /api/v1/refunds/{refundId}/address-page`. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy-Optional"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The link no longer works: the 404 page, or the JSON error for a client preferring JSON. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["PageRateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    submitRefundAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of a link made by `POST /api/v1/refunds/{refundId}/address-page`. */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    address?: string;
                    address_again?: string;
                    lang?: string;
                };
            };
        };
        responses: {
            /** @description The address was taken; the page says so. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Content-Security-Policy": components["headers"]["Content-Security-Policy-Optional"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The form was refused; the page again, saying why. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The link no longer works: the 404 page, or the JSON error for a client preferring JSON. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["PageRateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    email?: string;
                    password?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardSignedIn"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["DashboardLocked"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    /** @enum {string} */
                    everywhere?: "1";
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardSignedOut"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getSignInLink: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    useSignInLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    token?: string;
                    password?: string;
                    /** @description For a person with two-factor sign-in. */
                    code?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardSignedIn"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["DashboardLocked"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getUnsubscribe: {
        parameters: {
            query: {
                /** @description The token of a message's `List-Unsubscribe` link. */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    unsubscribe: {
        parameters: {
            query: {
                /** @description The token of a message's `List-Unsubscribe` link. */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    "List-Unsubscribe"?: "One-Click";
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getSignInCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    signInWithCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    code?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardSignedIn"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["DashboardLocked"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    startTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    confirmTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    code?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    renewRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    password?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["DashboardLocked"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    turnOffTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    password?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["DashboardLocked"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getPeople: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    invitePerson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    email?: string;
                    name?: string;
                    role?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    setTwoFactorRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    required?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    changeRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    role?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    disablePerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    enablePerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    issuePersonLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    addWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    url?: string;
                    events?: string;
                    description?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["DashboardLocked"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    enableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    disableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    removeWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getWebhookDeliveries: {
        parameters: {
            query?: {
                endpoint?: string;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    redeliverWebhookFromDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    endpoint?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getDashboardEvents: {
        parameters: {
            query?: {
                type?: string;
                object?: string;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getDashboardAuditLog: {
        parameters: {
            query?: {
                action?: string;
                actor?: string;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    createPublicApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    name?: string;
                    scopes?: string;
                    expiresAt?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getIntegrationKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    createIntegrationKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    integrationId?: string;
                    name?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    revokeApiKeyInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    rotateApiKeyInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    overlapSeconds?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getGeneralSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getEmailChoices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    chooseEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    topics?: string | string[];
                    /** @description `each`, `daily` or `off`. */
                    payment_received?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    choosePreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    language?: string;
                    time_zone?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    createAccountKeyInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    name?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    setReportingCurrencyInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    reportingCurrency?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    sendTestEmailInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    rotateAccountKeyInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    overlapSeconds?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    revokeAccountKeyInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    revealWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    password?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["DashboardLocked"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    rotateWebhookSecretInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    password?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["DashboardLocked"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getPaymentLinks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    createPaymentLinkInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    integrationId?: string;
                    type?: string;
                    name?: string;
                    description?: string;
                    amount?: string;
                    denominationType?: string;
                    currency?: string;
                    /** @description The form's one choice, `CURRENCY:<code>` or `TOKEN:<symbol>`: `denominationType` and `currency` together (it wins over them). */
                    amountIn?: string;
                    allowCustomAmount?: string;
                    minAmount?: string;
                    returnUrl?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getNewPaymentLinkForm: {
        parameters: {
            query?: {
                integration?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getPaymentLinkPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    changePaymentLinkInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    name?: string;
                    description?: string;
                    amount?: string;
                    denominationType?: string;
                    currency?: string;
                    /** @description The form's one choice, `CURRENCY:<code>` or `TOKEN:<symbol>`: `denominationType` and `currency` together (it wins over them). */
                    amountIn?: string;
                    allowCustomAmount?: string;
                    minAmount?: string;
                    returnUrl?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getPaymentLinkForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    deactivatePaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    activatePaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getIntegrations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    createIntegrationInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    name?: string;
                    payoutAddress?: string;
                    origins?: string;
                    chains?: string;
                    tokens?: string;
                    preferredToken?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getNewIntegrationForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["DashboardForeignForm"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getIntegrationPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    changeIntegrationInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    name?: string;
                    payoutAddress?: string;
                    origins?: string;
                    chains?: string;
                    tokens?: string;
                    preferredToken?: string;
                    /** @description For a new payout address. */
                    password?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["DashboardLocked"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    cancelPayoutChangeInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    confirmPayoutChangeInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    password?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["DashboardLocked"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getIntegrationForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    disableIntegrationInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    enableIntegrationInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getPayments: {
        parameters: {
            query?: {
                status?: "" | "decision" | "created" | "pending" | "paid" | "expired" | "failed";
                from?: string;
                to?: string;
                q?: string;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    exportPayments: {
        parameters: {
            query?: {
                status?: "" | "decision" | "created" | "pending" | "paid" | "expired" | "failed";
                from?: string;
                to?: string;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file, as an attachment (Content-Disposition). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getDashboardLive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    attachTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    intent?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getPaymentIntentPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    resolvePaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    decision?: string;
                    note?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getRefundsPage: {
        parameters: {
            query?: {
                status?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getDashboardRefundPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getRefundSafeBatchFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch file, as an attachment. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SafeBatchFile"];
                };
            };
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    makeRefundAddressPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    cancelRefundInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getPayoutsPage: {
        parameters: {
            query?: {
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getNewPayoutForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    createPayoutInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    name?: string;
                    asset?: string;
                    from?: string;
                    csv?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getDashboardPayoutPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getPayoutSafeBatchFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch file, as an attachment. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SafeBatchFile"];
                };
            };
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    cancelPayoutInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getRefundForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["BadRequest"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    refundTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    /** @enum {string} */
                    scope?: "whole" | "part";
                    amount?: string;
                    reason?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["DashboardPage"];
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    setPaymentIntentSenderHint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    csrf?: string;
                    address?: string;
                };
            };
        };
        responses: {
            303: components["responses"]["DashboardRedirect"];
            400: components["responses"]["DashboardFormRefused"];
            403: components["responses"]["DashboardForeignForm"];
            404: components["responses"]["DashboardNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PageUnavailable"];
        };
    };
    getAsset: {
        parameters: {
            query?: {
                /** @description The file's content hash, as the pages link it; with the current one the answer may be cached forever (`immutable`), else `no-cache`. */
                v?: components["parameters"]["AssetVersion"];
            };
            header?: never;
            path: {
                dir: "css" | "js" | "img";
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Asset"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getFavicon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Asset"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getWidget: {
        parameters: {
            query?: {
                /** @description The file's content hash, as the pages link it; with the current one the answer may be cached forever (`immutable`), else `no-cache`. */
                v?: components["parameters"]["AssetVersion"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Asset"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getSdkFile: {
        parameters: {
            query?: {
                /** @description The file's content hash, as the pages link it; with the current one the answer may be cached forever (`immutable`), else `no-cache`. */
                v?: components["parameters"]["AssetVersion"];
            };
            header?: never;
            path: {
                file: "payd.js" | "payd.d.ts" | "api-types.d.ts";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Asset"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus's text exposition format 0.0.4. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": "no-store";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example # TYPE payd_chain_head_block gauge
                     *     payd_chain_head_block{chain_id="31337"} 4
                     */
                    "text/plain": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: {
                /** @description The file's content hash, as the pages link it; with the current one the answer may be cached forever (`immutable`), else `no-cache`. */
                v?: components["parameters"]["AssetVersion"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    ETag: string;
                    "Access-Control-Allow-Origin": "*";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                        info: Record<string, never>;
                        paths: Record<string, never>;
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getReferencePage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Content-Security-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getRedocBundle: {
        parameters: {
            query?: {
                /** @description The file's content hash, as the pages link it; with the current one the answer may be cached forever (`immutable`), else `no-cache`. */
                v?: components["parameters"]["AssetVersion"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Asset"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    paymentCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IntentWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    paymentPendingWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IntentWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    paymentConfirmedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IntentWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    paymentExpiredWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IntentWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    paymentFailedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IntentWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    paymentReversedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IntentWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    paymentResolvedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IntentWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    paymentUnmatchedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    paymentLinkCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    integrationPayoutChangedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IntegrationWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    payoutCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayoutWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    payoutLineSentWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayoutLineWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    payoutLineConfirmedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayoutLineWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    payoutLineReversedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayoutLineWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    payoutCompletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayoutWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    payoutCanceledWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayoutWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    refundCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    refundReadyWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    refundSentWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    refundConfirmedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    refundCanceledWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    refundReversedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    webhookTestWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`), the same on every retry; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix seconds of this attempt; refuse ones more than 5 minutes from your clock. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description Space-separated `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`: two during 24 h after a secret rotation. */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestWebhookPayload"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
}
