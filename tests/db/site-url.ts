/** The site URL the database tests' backends are created with (Auth's redirects). */
export const DB_TEST_SITE_URL = 'http://localhost:5173';
