/**
 * Import before "../support/app-env": the operator lists 127.0.0.1 (as
 * app-env does for the loopback sandbox, said here outright), and print calls
 * time out after one second, so a silent server fails "Test connection" fast.
 */
process.env.PRINT_ALLOWED_PRIVATE_HOSTS = "127.0.0.1";
process.env.PRINT_TIMEOUT_MS = "1000";
