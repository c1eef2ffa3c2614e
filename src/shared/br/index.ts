// Brazilian document and contact rules, pure so the server's validators and the React forms share them.
export * from './cep.js';
export * from './city.js';
export * from './cnpj.js';
export * from './cpf.js';
export * from './digits.js';
export * from './email.js';
export * from './inscricao-estadual.js';
export * from './phone.js';
export * from './site-url.js';
