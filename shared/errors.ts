/**
 * Stable application error codes the server sends in `error.data.appCode`,
 * with the toast each one becomes (spec §8).
 */
export const APP_ERRORS = {
  EMAIL_TAKEN: { title: 'Usuário já existe', description: 'Este email já está cadastrado. Faça login.' },
  USERNAME_TAKEN: { title: 'Este username já está em uso', description: 'Escolha outro username.' },
  INVALID_CREDENTIALS: { title: 'Credenciais inválidas', description: 'Email ou senha incorretos.' },
  COMMUNITY_NOT_FOUND: {
    title: 'Comunidade indisponível',
    description: 'Esta universidade ainda não está aberta para cadastro.',
  },
  NOT_INSTITUTIONAL_EMAIL: { title: 'Erro de validação', description: 'Use seu email institucional.' },
  INVALID_TOKEN: {
    title: 'Link inválido ou expirado',
    description: 'Peça um novo link e tente novamente.',
  },
  ALREADY_VERIFIED: { title: 'E-mail já confirmado', description: 'Seu e-mail já estava confirmado.' },
  RATE_LIMITED: {
    title: 'Muitas tentativas',
    description: 'Aguarde alguns minutos e tente novamente.',
  },
  NOT_APPROVED: {
    title: 'Conta aguardando aprovação',
    description: 'Um administrador ainda vai revisar sua conta.',
  },
  FORBIDDEN: { title: 'Acesso negado', description: 'Você não tem permissão para acessar esta página' },
  UNAUTHENTICATED: { title: 'Sessão encerrada', description: 'Entre novamente para continuar.' },
  USER_NOT_FOUND: { title: 'Usuário não encontrado', description: 'A conta não existe mais.' },
  TWO_FACTOR_REQUIRED: {
    title: 'Digite o código de verificação',
    description: 'Use o app autenticador ou um código de recuperação para terminar de entrar.',
  },
  TWO_FACTOR_ENROLMENT_REQUIRED: {
    title: 'Ative a verificação em duas etapas',
    description: 'Administradores precisam da verificação em duas etapas para acessar o painel.',
  },
  TWO_FACTOR_SESSION_REQUIRED: {
    title: 'Entre novamente com o código',
    description: 'Para usar o painel, saia e entre de novo informando o código do app autenticador.',
  },
  EMAIL_NOT_VERIFIED: {
    title: 'Confirme seu e-mail',
    description: 'Abra o link que enviamos para o seu e-mail institucional para continuar.',
  },
  INVALID_TWO_FACTOR_CODE: { title: 'Código inválido', description: 'Confira o código e tente novamente.' },
  REAUTH_REQUIRED: {
    title: 'Confirme sua senha',
    description: 'Por segurança, confirme sua senha para continuar.',
  },
  WRONG_SIGN_UP_PASSWORD: {
    title: 'Senha incorreta',
    description:
      'Digite a senha que você criou no cadastro. Se não foi você, escolha "Não criei esta conta".',
  },
  WRONG_PASSWORD: { title: 'Senha incorreta', description: 'A senha atual não confere.' },
  SUBCATEGORY_IN_USE: {
    title: 'Não é possível deletar',
    description: 'Existem produtos usando esta subcategoria',
  },
} as const satisfies Record<string, { title: string; description: string }>

export type AppErrorCode = keyof typeof APP_ERRORS
