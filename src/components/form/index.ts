export { FormMessage, type Message } from './FormMessage';
export { SubmitButton } from './SubmitButton';
export { TextField } from './TextField';
