// drizzle needs every table in one object for its relational queries and drizzle-kit needs one entry file.
export { apiTokens } from './api-token.ts'
export { ckanInstances } from './ckan-instance.ts'
export { datasets } from './dataset.ts'
export { loginFailures } from './login-failure.ts'
export { passwordResets } from './password-reset.ts'
export { sessions } from './session.ts'
export { users } from './user.ts'
