/**
 * Import before "../support/app-env" in a test that wants every log line: app-env
 * sets LOG_LEVEL from TEST_LOG_LEVEL, and the Shopify library's own log level is
 * read from LOG_LEVEL when app/shopify.server loads.
 */
process.env.TEST_LOG_LEVEL = "trace";
