// The test store: Medusa on the test's PostgreSQL, with payd's provider built
// from this repository (../../dist) and configured from the environment the
// test sets (test/medusa_order.test.mjs).
const { defineConfig } = require('@medusajs/framework/utils');

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: '*',
      adminCors: '*',
      authCors: '*',
      jwtSecret: 'payd-test-jwt',
      cookieSecret: 'payd-test-cookie',
    },
  },
  admin: { disable: true },
  modules: [
    {
      resolve: '@medusajs/medusa/payment',
      options: {
        // Medusa waits this long before it handles a webhook (5 s by default).
        webhook_delay: 200,
        providers: [
          {
            resolve: require.resolve('../../dist/providers/payd'),
            id: 'payd',
            options: {
              url: process.env.PAYD_URL,
              apiKey: process.env.PAYD_API_KEY,
              webhookSecret: process.env.PAYD_WEBHOOK_SECRET,
              returnUrl: process.env.PAYD_RETURN_URL,
            },
          },
        ],
      },
    },
  ],
});
