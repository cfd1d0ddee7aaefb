import { INTEGRITY_REFUSAL_TITLE } from './integrity'

/** How a refusal is answered, in tRPC's names (server/errors.ts maps them to HTTP statuses). */
export type RefusalStatus =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'METHOD_NOT_SUPPORTED'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNPROCESSABLE_CONTENT'

/**
 * Stable application error codes the server sends (`error.data.appCode` of a tRPC error, `appCode` of
 * an Express route's answer, in the same shape), each with the one status it is answered with
 * and the toast it becomes (spec §8).
 */
export const APP_ERRORS = {
  EMAIL_TAKEN: {
    status: 'CONFLICT',
    title: 'Usuário já existe',
    description: 'Este email já está cadastrado. Faça login.',
  },
  USERNAME_TAKEN: {
    status: 'CONFLICT',
    title: 'Este username já está em uso',
    description: 'Escolha outro username.',
  },
  INVALID_CREDENTIALS: {
    status: 'BAD_REQUEST',
    title: 'Credenciais inválidas',
    description: 'Email ou senha incorretos.',
  },
  COMMUNITY_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Comunidade indisponível',
    description: 'Esta universidade ainda não está aberta para cadastro.',
  },
  NOT_INSTITUTIONAL_EMAIL: {
    status: 'BAD_REQUEST',
    title: 'Erro de validação',
    description: 'Use seu email institucional.',
  },
  INVALID_TOKEN: {
    status: 'BAD_REQUEST',
    title: 'Link inválido ou expirado',
    description: 'Peça um novo link e tente novamente.',
  },
  ALREADY_VERIFIED: {
    status: 'BAD_REQUEST',
    title: 'E-mail já confirmado',
    description: 'Seu e-mail já estava confirmado.',
  },
  RATE_LIMITED: {
    status: 'TOO_MANY_REQUESTS',
    title: 'Muitas tentativas',
    description: 'Aguarde alguns minutos e tente novamente.',
  },
  NOT_APPROVED: {
    status: 'FORBIDDEN',
    title: 'Conta aguardando aprovação',
    description: 'Um administrador ainda vai revisar sua conta.',
  },
  FORBIDDEN: {
    status: 'FORBIDDEN',
    title: 'Acesso negado',
    description: 'Você não tem permissão para acessar esta página',
  },
  UNAUTHENTICATED: {
    status: 'UNAUTHORIZED',
    title: 'Sessão encerrada',
    description: 'Entre novamente para continuar.',
  },
  USER_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Usuário não encontrado',
    description: 'A conta não existe mais.',
  },
  TWO_FACTOR_REQUIRED: {
    status: 'UNAUTHORIZED',
    title: 'Digite o código de verificação',
    description: 'Use o app autenticador ou um código de recuperação para terminar de entrar.',
  },
  TWO_FACTOR_ENROLMENT_REQUIRED: {
    status: 'FORBIDDEN',
    title: 'Ative a verificação em duas etapas',
    description:
      'Administradores precisam da verificação em duas etapas ou de uma chave de acesso para acessar o painel.',
  },
  TWO_FACTOR_SESSION_REQUIRED: {
    status: 'FORBIDDEN',
    title: 'Entre novamente com o código',
    description:
      'Para usar o painel, saia e entre de novo com sua chave de acesso ou informando o código do app autenticador.',
  },
  PASSKEY_CHALLENGE_INVALID: {
    status: 'BAD_REQUEST',
    title: 'Tente de novo',
    description: 'Este pedido de chave de acesso já foi usado ou não foi feito por este navegador.',
  },
  PASSKEY_CHALLENGE_EXPIRED: {
    status: 'BAD_REQUEST',
    title: 'O tempo acabou',
    description: 'O pedido da chave de acesso expirou. Tente de novo.',
  },
  PASSKEY_NOT_RECOGNIZED: {
    status: 'BAD_REQUEST',
    title: 'Chave de acesso não reconhecida',
    description:
      'Esta chave de acesso não está cadastrada no Vupt. Entre com e-mail e senha e cadastre-a em Segurança e privacidade.',
  },
  PASSKEY_INVALID: {
    status: 'BAD_REQUEST',
    title: 'Chave de acesso recusada',
    description: 'Não foi possível confirmar a chave de acesso. Tente de novo.',
  },
  PASSKEY_ALREADY_REGISTERED: {
    status: 'CONFLICT',
    title: 'Chave de acesso já cadastrada',
    description: 'Esta chave de acesso já está na sua conta.',
  },
  PASSKEY_LIMIT: {
    status: 'BAD_REQUEST',
    title: 'Limite de chaves de acesso',
    description: 'Sua conta já tem 10 chaves de acesso. Remova uma para adicionar outra.',
  },
  PASSKEY_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Chave de acesso não encontrada',
    description: 'Ela pode já ter sido removida.',
  },
  EMAIL_NOT_VERIFIED: {
    status: 'FORBIDDEN',
    title: 'Confirme seu e-mail',
    description: 'Abra o link que enviamos para o seu e-mail institucional para continuar.',
  },
  INVALID_TWO_FACTOR_CODE: {
    status: 'BAD_REQUEST',
    title: 'Código inválido',
    description: 'Confira o código e tente novamente.',
  },
  REAUTH_REQUIRED: {
    status: 'FORBIDDEN',
    title: 'Confirme sua senha',
    description: 'Por segurança, confirme sua senha para continuar.',
  },
  WRONG_SIGN_UP_PASSWORD: {
    status: 'BAD_REQUEST',
    title: 'Senha incorreta',
    description:
      'Digite a senha que você criou no cadastro. Se não foi você, escolha "Não criei esta conta".',
  },
  WRONG_PASSWORD: {
    status: 'BAD_REQUEST',
    title: 'Senha incorreta',
    description: 'A senha atual não confere.',
  },
  EMAIL_CHANGE_SIGN_IN_REQUIRED: {
    status: 'FORBIDDEN',
    title: 'Entre na sua conta',
    description: 'Para confirmar o novo e-mail, entre na sua conta neste navegador e abra o link de novo.',
  },
  SUBCATEGORY_IN_USE: {
    status: 'CONFLICT',
    title: 'Não é possível excluir',
    description: 'Existem anúncios usando esta subcategoria',
  },
  LISTING_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Anúncio não encontrado',
    description: 'Ele pode ter sido vendido, desativado ou removido.',
  },
  LISTING_REMOVED_NOT_EDITABLE: {
    status: 'FORBIDDEN',
    title: 'Este anúncio foi removido pela moderação e não pode ser editado.',
    description: 'O motivo aparece em Meus Produtos.',
  },
  INTEGRITY_REFUSED: {
    status: 'BAD_REQUEST',
    title: INTEGRITY_REFUSAL_TITLE,
    description:
      'Anúncios e pedidos que vendem o que a universidade proíbe (fazer trabalhos, TCC ou provas de outra pessoa, assinar presença) são recusados.',
  },
  INTEGRITY_RULE_TAKEN: {
    status: 'CONFLICT',
    title: 'Já existe uma regra com esta frase',
    description: 'Edite a regra que já existe.',
  },
  INTEGRITY_RULE_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Regra não encontrada',
    description: 'Ela pode ter sido excluída por outro administrador.',
  },
  INTEGRITY_RULES_TOO_MANY: {
    status: 'BAD_REQUEST',
    title: 'A comunidade já tem 200 regras de integridade acadêmica.',
    description: 'Exclua ou junte regras antes de criar outra.',
  },
  WANTED_OWN_JOIN: {
    status: 'BAD_REQUEST',
    title: 'Este pedido é seu',
    description: 'Quem publicou o pedido já conta entre as pessoas que procuram.',
  },
  LISTING_REMOVED_NOT_REACTIVABLE: {
    status: 'FORBIDDEN',
    title: 'Este anúncio foi removido pela moderação e não pode ser reativado.',
    description: 'O motivo aparece em Meus Produtos.',
  },
  OWN_LISTING_VUPT: {
    status: 'FORBIDDEN',
    title: 'Você não pode dar Vupt no seu próprio anúncio.',
    description: 'O Vupt é a recomendação de quem se interessa pelo anúncio.',
  },
  ALUMNI_CANNOT_PUBLISH: {
    status: 'FORBIDDEN',
    title: 'Confirme seu e-mail institucional para voltar a publicar.',
    description:
      'Em Minha Conta, toque em "Confirmar meu e-mail" e abra o link que enviamos ao seu endereço da universidade.',
  },
  LISTING_BUMP_TOO_SOON: {
    status: 'TOO_MANY_REQUESTS',
    title: 'Este anúncio já subiu nos últimos 7 dias.',
    description: 'Cada anúncio pode voltar ao topo de "Mais recentes" uma vez por semana.',
  },
  LISTING_NOT_LIVE: {
    status: 'BAD_REQUEST',
    title: 'Este anúncio não está no ar.',
    description: 'Só um anúncio ativo e dentro do prazo pode subir. Renove ou reative o anúncio primeiro.',
  },
  REVERIFICATION_NOT_DUE: {
    status: 'BAD_REQUEST',
    title: 'Seu e-mail institucional já está confirmado.',
    description: 'Não há confirmação pendente neste semestre.',
  },
  SEMESTER_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Semestre não encontrado',
    description: 'Ele pode ter sido removido. Atualize a página.',
  },
  SEMESTER_OVERLAPS: {
    status: 'CONFLICT',
    title: 'Este semestre se sobrepõe a outro.',
    description: 'Ajuste as datas para que os semestres do calendário não se cruzem.',
  },
  COURSE_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Curso não encontrado',
    description: 'Ele pode ter sido removido. Atualize a página.',
  },
  COURSE_EXISTS: {
    status: 'CONFLICT',
    title: 'Este curso já está na lista.',
    description: 'Dois cursos não podem ter o mesmo nome, mesmo com acentos ou maiúsculas diferentes.',
  },
  COURSES_LIMIT: {
    status: 'BAD_REQUEST',
    title: 'A lista de cursos está cheia.',
    description: 'Uma comunidade pode ter até 500 cursos, cada um com até 300 disciplinas.',
  },
  DISCIPLINE_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Disciplina não encontrada',
    description: 'Ela pode ter sido removida. Atualize a página.',
  },
  DISCIPLINE_EXISTS: {
    status: 'CONFLICT',
    title: 'Esta disciplina já está no curso.',
    description: 'Duas disciplinas do mesmo curso não podem ter o mesmo nome.',
  },
  COURSE_NOT_IN_LIST: {
    status: 'BAD_REQUEST',
    title: 'Escolha um curso da lista.',
    description: 'Seu curso precisa ser um dos cursos cadastrados pela sua universidade.',
  },
  LISTING_COURSE_INVALID: {
    status: 'BAD_REQUEST',
    title: 'Curso ou disciplina inválidos',
    description: 'Escolha o curso de novo e depois as disciplinas dele.',
  },
  REVERIFICATION_EXTENSION_PAST: {
    status: 'BAD_REQUEST',
    title: 'Escolha uma data futura.',
    description: 'O novo prazo precisa ser depois de hoje.',
  },
  MAIN_CATEGORY_REQUIRED: {
    status: 'BAD_REQUEST',
    title: 'Selecione uma categoria principal',
    description: 'Escolha a categoria do que você procura.',
  },
  WANTED_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Pedido não encontrado',
    description: 'Ele pode ter sido encerrado, expirado ou removido.',
  },
  WANTED_REMOVED_NOT_EDITABLE: {
    status: 'FORBIDDEN',
    title: 'Este pedido foi removido pela moderação e não pode ser alterado.',
    description: 'O motivo aparece em Meus pedidos, no Procura-se.',
  },
  LISTINGS_DAILY_LIMIT: {
    status: 'TOO_MANY_REQUESTS',
    title: 'Você já publicou 30 anúncios hoje.',
    description: 'Publique os próximos amanhã.',
  },
  WANTED_TOO_MANY: {
    status: 'BAD_REQUEST',
    title: 'Você já tem 10 pedidos abertos no Procura-se.',
    description: 'Encerre um pedido que já encontrou antes de publicar outro.',
  },
  SUBCATEGORY_REQUIRED: {
    status: 'BAD_REQUEST',
    title: 'Selecione uma subcategoria',
    description: 'Escolha a subcategoria que melhor descreve o anúncio.',
  },
  SUBCATEGORY_MISMATCH: {
    status: 'BAD_REQUEST',
    title: 'A subcategoria não pertence à categoria escolhida',
    description: 'Escolha a categoria de novo e depois a subcategoria.',
  },
  SUBCATEGORY_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Subcategoria não encontrada',
    description: 'Ela pode ter sido removida. Atualize a página.',
  },
  SUBCATEGORY_DUPLICATE: {
    status: 'CONFLICT',
    title: 'Já existe uma subcategoria com esse nome nesta categoria.',
    description: 'Escolha outro nome.',
  },
  REQUIRED_FIELDS: {
    status: 'BAD_REQUEST',
    title: 'Preencha os campos obrigatórios',
    description: 'Confira os campos marcados e tente novamente.',
  },
  UNKNOWN_COMMUNITY: {
    status: 'NOT_FOUND',
    title: 'Comunidade não encontrada',
    description: 'Confira o endereço da página.',
  },
  MEMBER_COMMUNITY_MISSING: {
    status: 'BAD_REQUEST',
    title: 'Erro ao identificar sua comunidade',
    description: 'Fale com o suporte para corrigir o seu cadastro.',
  },
  EVENT_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Evento não encontrado',
    description: 'Ele pode ter sido removido ou ainda não foi aprovado.',
  },
  EVENT_NOT_EDITABLE: {
    status: 'FORBIDDEN',
    title: 'Só é possível editar eventos que aguardam aprovação.',
    description: 'Depois da aprovação, o evento pode ser cancelado, mas não editado.',
  },
  EVENT_CAPACITY_BELOW_CONFIRMED: {
    status: 'CONFLICT',
    title: 'O limite não pode ficar abaixo das presenças confirmadas.',
    description: 'Escolha um número de vagas igual ou maior que o de confirmados.',
  },
  EVENT_ORGANIZERS_ONLY: {
    status: 'FORBIDDEN',
    title: 'Só para quem organiza o evento.',
    description: 'A lista de presença e o check-in são do organizador e da moderação da comunidade.',
  },
  EVENT_TICKET_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Ingresso não encontrado.',
    description: 'Confira o código com a pessoa e digite de novo.',
  },
  EVENT_TICKET_OTHER_EVENT: {
    status: 'CONFLICT',
    title: 'Este ingresso é de outro evento.',
    description: 'Peça à pessoa o ingresso deste evento, em Meus eventos.',
  },
  EVENT_TICKET_CANCELLED: {
    status: 'CONFLICT',
    title: 'Esta presença foi cancelada.',
    description: 'O ingresso deixou de valer quando a pessoa cancelou a presença.',
  },
  EVENT_TICKET_USED: {
    status: 'CONFLICT',
    title: 'Este ingresso já foi usado.',
    description: 'A entrada desta pessoa já foi registrada.',
  },
  EVENT_OVER: {
    status: 'BAD_REQUEST',
    title: 'Este evento já aconteceu.',
    description: 'Confira os próximos eventos.',
  },
  EVENT_RSVP_UNAVAILABLE: {
    status: 'FORBIDDEN',
    title: 'Não é possível confirmar presença neste evento.',
    description: 'A participação não está disponível para a sua conta.',
  },
  EVENT_IN_PAST: {
    status: 'BAD_REQUEST',
    title: 'A data do evento deve ser no futuro',
    description: 'Escolha uma data e um horário que ainda não passaram.',
  },
  CONVERSATION_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Conversa não encontrada',
    description: 'Ela não existe ou não é sua.',
  },
  CHAT_WITH_SELF: {
    status: 'BAD_REQUEST',
    title: 'Você não pode enviar mensagem para si mesmo.',
    description: 'Escolha outra pessoa para conversar.',
  },
  CHAT_TOO_FAST: {
    status: 'TOO_MANY_REQUESTS',
    title: 'Você está enviando mensagens rápido demais. Aguarde alguns segundos.',
    description: 'Depois de alguns segundos, o envio volta ao normal.',
  },
  PERSON_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Pessoa não encontrada',
    description: 'Confira o nome de usuário.',
  },
  PROFILE_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Perfil não encontrado',
    description: 'A conta pode ter sido removida.',
  },
  TOO_MANY_LIVE_UPDATES: {
    status: 'TOO_MANY_REQUESTS',
    title: 'Há atualizações ao vivo demais abertas nesta conexão. Recarregue a página.',
    description: 'Feche as abas do Vupt que não estiver usando.',
  },
  BANNER_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Banner não encontrado',
    description: 'Ele pode ter sido removido.',
  },
  LAST_ADMIN: {
    status: 'BAD_REQUEST',
    title: 'A comunidade precisa de pelo menos um administrador.',
    description: 'Promova outra pessoa a administrador antes.',
  },
  LAST_ADMIN_SELF_DELETE: {
    status: 'BAD_REQUEST',
    title: 'Você é o último administrador da comunidade: promova outra pessoa antes de excluir a conta.',
    description: 'A comunidade precisa de pelo menos um administrador.',
  },
  OWN_ADMIN_ROLE: {
    status: 'BAD_REQUEST',
    title: 'Você não pode remover o seu próprio acesso de administrador.',
    description: 'Outro administrador pode fazer isso.',
  },
  OWN_ACCOUNT_FROM_PANEL: {
    status: 'BAD_REQUEST',
    title: 'Você não pode remover a sua própria conta por aqui.',
    description: 'Use Minha Conta → Segurança e privacidade.',
  },
  SAME_EMAIL: {
    status: 'BAD_REQUEST',
    title: 'Este já é o seu e-mail.',
    description: 'Digite o novo endereço.',
  },
  GOOGLE_NOT_LINKED: {
    status: 'NOT_FOUND',
    title: 'Nenhuma conta Google vinculada.',
    description: 'Não há nada a desvincular.',
  },
  PASSWORD_NEEDED_TO_UNLINK: {
    status: 'BAD_REQUEST',
    title: 'Defina uma senha antes de desvincular o Google, ou você ficará sem como entrar.',
    description: 'Use "Esqueci minha senha" para criar uma.',
  },
  TWO_FACTOR_ALREADY_ENABLED: {
    status: 'BAD_REQUEST',
    title: 'A verificação em duas etapas já está ativa.',
    description: 'Para trocar de app, desative e ative de novo.',
  },
  TWO_FACTOR_RESTART: {
    status: 'BAD_REQUEST',
    title: 'Comece a ativação novamente.',
    description: 'O código anterior expirou.',
  },
  TWO_FACTOR_NOT_ENABLED: {
    status: 'BAD_REQUEST',
    title: 'Ative a verificação primeiro.',
    description: 'Os códigos de recuperação vêm com a verificação em duas etapas.',
  },
  SESSION_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Sessão não encontrada',
    description: 'Ela já pode ter sido encerrada.',
  },
  INVALID_UPLOAD: {
    status: 'BAD_REQUEST',
    title: 'Imagem inválida. Envie a foto novamente.',
    description: 'Use uma foto JPG, PNG, WEBP ou GIF de até 5 MB.',
  },
  BLOCK_SELF: {
    status: 'BAD_REQUEST',
    title: 'Você não pode bloquear a si mesmo.',
    description: 'Escolha outra pessoa.',
  },
  PUSH_ENDPOINT_REFUSED: {
    status: 'BAD_REQUEST',
    title: 'Este navegador não pode receber notificações do Vupt.',
    description: 'O serviço de notificações dele não é aceito. Tente outro navegador.',
  },
  PUSH_TOO_MANY_DEVICES: {
    status: 'BAD_REQUEST',
    title: 'Notificações já ligadas em aparelhos demais',
    description: 'Remova um aparelho em Minha Conta → Notificações e tente de novo.',
  },
  PUSH_DEVICE_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Aparelho não encontrado',
    description: 'Ele já deixou de receber notificações.',
  },
  CHAT_UNAVAILABLE: {
    status: 'FORBIDDEN',
    title: 'Não é possível enviar mensagens nesta conversa.',
    description: 'A conversa não está mais disponível.',
  },
  REPORT_ALREADY_OPEN: {
    status: 'CONFLICT',
    title: 'Você já denunciou isto.',
    description: 'Sua denúncia está em análise; acompanhe em Minha Conta.',
  },
  REPORT_SELF: {
    status: 'BAD_REQUEST',
    title: 'Você não pode denunciar a si mesmo.',
    description: 'Denuncie o conteúdo de outra pessoa.',
  },
  REPORT_TARGET_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Conteúdo não encontrado',
    description: 'Ele pode ter sido removido antes da denúncia.',
  },
  REPORTS_TOO_FAST: {
    status: 'TOO_MANY_REQUESTS',
    title: 'Você enviou muitas denúncias seguidas.',
    description: 'Aguarde alguns minutos e tente novamente.',
  },
  REPORT_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Denúncia não encontrada',
    description: 'Ela pode já ter sido resolvida.',
  },
  REPORT_ACTION_NOT_ALLOWED: {
    status: 'BAD_REQUEST',
    title: 'Esta ação não se aplica a esta denúncia.',
    description: 'Escolha outra ação para o conteúdo denunciado.',
  },
  ACCOUNT_SUSPENDED: {
    status: 'FORBIDDEN',
    title: 'Sua conta está suspensa.',
    description: 'Veja o motivo e até quando na tela de suspensão.',
  },
  // Photo uploads (POST /api/uploads). The browser refuses the first two before sending, with the same texts.
  UPLOAD_NOT_IMAGE: {
    status: 'UNSUPPORTED_MEDIA_TYPE',
    title: 'Por favor, selecione apenas arquivos de imagem',
    description: 'Use uma foto JPG, PNG, WEBP ou GIF.',
  },
  UPLOAD_TOO_LARGE: {
    status: 'PAYLOAD_TOO_LARGE',
    title: 'Imagem muito grande. Tamanho máximo: 5MB',
    description: 'Reduza a foto ou escolha outra.',
  },
  UPLOAD_TOO_MANY_PIXELS: {
    status: 'UNPROCESSABLE_CONTENT',
    // The limit is MAX_UPLOAD_MEGAPIXELS in shared/uploads.ts.
    title: 'Imagem com dimensões muito grandes. Use no máximo 40 megapixels.',
    description: 'Reduza a foto ou escolha outra.',
  },
  UPLOAD_SIGN_IN_REQUIRED: {
    status: 'UNAUTHORIZED',
    title: 'Faça login para enviar imagens.',
    description: 'Entre na sua conta e envie a foto de novo.',
  },
  UPLOAD_NOT_APPROVED: {
    status: 'FORBIDDEN',
    title: 'Sua conta ainda não foi aprovada.',
    description: 'Um administrador ainda vai revisar sua conta.',
  },
  UPLOAD_KIND_FORBIDDEN: {
    status: 'FORBIDDEN',
    title: 'Você não tem permissão para enviar este tipo de imagem.',
    description: 'Escolha outra imagem.',
  },
  UPLOAD_FILE_MISSING: {
    status: 'BAD_REQUEST',
    title: 'Selecione uma imagem para enviar.',
    description: 'Use uma foto JPG, PNG, WEBP ou GIF de até 5 MB.',
  },
  UPLOAD_BAD_REQUEST: {
    status: 'BAD_REQUEST',
    title: 'Envio inválido. Selecione a imagem novamente.',
    description: 'Use uma foto JPG, PNG, WEBP ou GIF de até 5 MB.',
  },
  UPLOAD_RATE_LIMITED: {
    status: 'TOO_MANY_REQUESTS',
    title: 'Muitas imagens enviadas em pouco tempo. Aguarde alguns minutos e tente novamente.',
    description: 'O envio volta ao normal em alguns minutos.',
  },
  // Offers on a conversation's listing and the community's meeting spots.
  OFFER_NOT_POSSIBLE: {
    status: 'BAD_REQUEST',
    title: 'Não é possível fazer uma oferta nesta conversa.',
    description: 'Ofertas valem em conversas sobre um anúncio, entre quem vende e quem compra.',
  },
  OFFER_OWN_LISTING: {
    status: 'FORBIDDEN',
    title: 'Você não pode fazer uma oferta no seu próprio anúncio.',
    description: 'Quem faz a oferta é quem quer comprar. Você pode responder com uma contraproposta.',
  },
  OFFER_LISTING_UNAVAILABLE: {
    status: 'CONFLICT',
    title: 'Este anúncio não está mais à venda.',
    description: 'Ofertas valem só enquanto o anúncio está ativo.',
  },
  OFFER_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Oferta não encontrada.',
    description: 'Atualize a conversa e tente novamente.',
  },
  DEAL_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Negócio não encontrado.',
    description: 'Ele não existe ou não é desta conversa.',
  },
  DEAL_CLOSED: {
    status: 'CONFLICT',
    title: 'Este negócio já foi encerrado.',
    description: 'A entrega já foi confirmada ou um anúncio dele saiu da venda. Comece outro pela conversa.',
  },
  DEAL_LISTINGS_INVALID: {
    status: 'BAD_REQUEST',
    title: 'Não é possível negociar estes anúncios juntos.',
    description: 'Escolha anúncios ativos de quem está na conversa, até 10 de uma vez.',
  },
  DEAL_LISTING_IN_ANOTHER_DEAL: {
    status: 'CONFLICT',
    title: 'Um destes anúncios já está em outro negócio desta conversa.',
    description: 'Encerre a oferta ou a entrega daquele negócio antes de juntar os anúncios.',
  },
  DEAL_RESERVE_SELLER_ONLY: {
    status: 'FORBIDDEN',
    title: 'Só quem vende reserva o anúncio.',
    description: 'A reserva é de quem vende, para quem compra.',
  },
  DEAL_RESERVE_NOT_YET: {
    status: 'CONFLICT',
    title: 'Ainda não dá para reservar.',
    description: 'Reserve depois de aceitar uma oferta ou de combinar a entrega.',
  },
  MEETING_TIME_TOO_SOON: {
    status: 'BAD_REQUEST',
    title: 'Este horário está muito próximo.',
    description: 'Proponha horários a partir de 30 minutos de agora.',
  },
  OFFER_CLOSED: {
    status: 'CONFLICT',
    title: 'Esta oferta não está mais aberta.',
    description: 'Ela já foi respondida, expirou ou foi encerrada.',
  },
  OFFER_ALREADY_ACCEPTED: {
    status: 'CONFLICT',
    title: 'Esta oferta já foi aceita.',
    description: 'Combinem a entrega pela conversa.',
  },
  OFFER_ALREADY_DECLINED: {
    status: 'CONFLICT',
    title: 'Esta oferta foi recusada.',
    description: 'Quem compra pode fazer uma nova oferta.',
  },
  OFFER_ALREADY_COUNTERED: {
    status: 'CONFLICT',
    title: 'Esta oferta recebeu uma contraproposta.',
    description: 'Responda à oferta mais recente da conversa.',
  },
  OFFER_EXPIRED: {
    status: 'CONFLICT',
    title: 'Esta oferta expirou: passaram as 48 horas sem resposta.',
    description: 'Quem compra pode fazer uma nova oferta.',
  },
  OFFER_REPLACED: {
    status: 'CONFLICT',
    title: 'Esta oferta foi substituída por uma nova oferta.',
    description: 'Responda à oferta mais recente da conversa.',
  },
  OFFER_CLOSED_SOLD: {
    status: 'CONFLICT',
    title: 'Esta oferta foi encerrada porque o anúncio foi vendido.',
    description: 'O anúncio não está mais à venda.',
  },
  OFFER_CLOSED_OFF_SALE: {
    status: 'CONFLICT',
    title: 'Esta oferta foi encerrada porque o anúncio saiu da venda.',
    description: 'Se o anúncio voltar, quem compra pode fazer uma nova oferta.',
  },
  OFFER_NOT_YOURS_TO_ANSWER: {
    status: 'FORBIDDEN',
    title: 'Esta oferta é sua: quem responde é a outra pessoa.',
    description: 'Aguarde a resposta. Você pode conversar enquanto isso.',
  },
  OFFER_TOO_MANY: {
    status: 'TOO_MANY_REQUESTS',
    title: 'Muitas ofertas nesta conversa em pouco tempo.',
    description: 'Aguarde um pouco antes de fazer outra oferta.',
  },
  MEETING_SPOT_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Ponto de encontro não encontrado.',
    description: 'Ele pode ter sido excluído. Atualize a página.',
  },
  MEETING_SPOT_IN_USE: {
    status: 'CONFLICT',
    title: 'Não é possível excluir este ponto de encontro.',
    description: 'Ele já foi usado em uma entrega combinada. Desative-o para que não seja mais oferecido.',
  },
  // Meetings at a safe spot ("Combinar entrega") and the hand-off confirmed there by the seller's code.
  MEETING_NOT_POSSIBLE: {
    status: 'BAD_REQUEST',
    title: 'Não é possível combinar uma entrega nesta conversa.',
    description: 'Entregas valem em conversas sobre um anúncio ativo, entre quem vende e quem compra.',
  },
  MEETING_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Entrega não encontrada.',
    description: 'Atualize a conversa e tente novamente.',
  },
  MEETING_SPOT_UNAVAILABLE: {
    status: 'BAD_REQUEST',
    title: 'Este ponto de encontro não está disponível.',
    description: 'Escolha um dos pontos de encontro da sua comunidade.',
  },
  MEETING_TIME_PAST: {
    status: 'BAD_REQUEST',
    title: 'Este horário já passou.',
    description: 'Escolha horários a partir de agora.',
  },
  MEETING_TIME_TOO_FAR: {
    status: 'BAD_REQUEST',
    title: 'Este horário está longe demais.',
    description: 'Uma entrega pode ser combinada para até 14 dias a partir de hoje.',
  },
  MEETING_TIME_OUT_OF_HOURS: {
    status: 'BAD_REQUEST',
    title: 'O ponto de encontro está fechado neste horário.',
    description: 'Escolha um dia e um horário dentro do funcionamento do ponto.',
  },
  MEETING_ALREADY_AGREED: {
    status: 'CONFLICT',
    title: 'Já há uma entrega combinada nesta conversa.',
    description: 'Para mudar o horário ou o local, cancele a entrega combinada e proponha outra.',
  },
  MEETING_CLOSED: {
    status: 'CONFLICT',
    title: 'Esta entrega não está mais em aberto.',
    description: 'Ela já foi respondida, cancelada, confirmada ou expirou.',
  },
  MEETING_NOW_AGREED: {
    status: 'CONFLICT',
    title: 'Esta entrega já foi combinada.',
    description: 'O horário e o local combinados estão na conversa.',
  },
  MEETING_CANCELLED: {
    status: 'CONFLICT',
    title: 'Esta entrega foi cancelada.',
    description: 'Uma das pessoas cancelou ou fez uma nova proposta. Veja a conversa.',
  },
  MEETING_ALREADY_CONFIRMED: {
    status: 'CONFLICT',
    title: 'Esta entrega já foi confirmada.',
    description: 'O negócio foi concluído na entrega.',
  },
  MEETING_EXPIRED: {
    status: 'CONFLICT',
    title: 'Esta entrega expirou.',
    description: 'Os horários passaram sem confirmação. Combinem outra pela conversa.',
  },
  MEETING_OWN_PROPOSAL: {
    status: 'FORBIDDEN',
    title: 'Esta proposta é sua: quem escolhe o horário é a outra pessoa.',
    description: 'Aguarde a resposta. Se quiser outros horários, faça uma nova proposta.',
  },
  MEETING_TIME_NOT_OFFERED: {
    status: 'BAD_REQUEST',
    title: 'Este horário não está na proposta.',
    description: 'Escolha um dos horários propostos ou proponha outros.',
  },
  MEETING_TOO_MANY: {
    status: 'TOO_MANY_REQUESTS',
    title: 'Muitas propostas de entrega nesta conversa em pouco tempo.',
    description: 'Aguarde um pouco antes de propor outra entrega.',
  },
  HANDOFF_SELLER_ONLY: {
    status: 'FORBIDDEN',
    title: 'O código da entrega fica com quem vende.',
    description: 'Quem compra confirma a entrega digitando ou lendo o código no celular de quem vende.',
  },
  HANDOFF_BUYER_ONLY: {
    status: 'FORBIDDEN',
    title: 'Quem confirma a entrega é quem compra.',
    description: 'Mostre o código à outra pessoa para ela digitar ou ler o QR code.',
  },
  HANDOFF_NOT_YET: {
    status: 'CONFLICT',
    title: 'Ainda é cedo para o código da entrega.',
    description: 'O código aparece a partir de 2 horas antes do horário combinado.',
  },
  HANDOFF_LAPSED: {
    status: 'CONFLICT',
    title: 'O prazo para confirmar esta entrega acabou.',
    description: 'Uma entrega pode ser confirmada até 24 horas depois do horário combinado.',
  },
  HANDOFF_CODE_WRONG: {
    status: 'BAD_REQUEST',
    title: 'Código incorreto.',
    description: 'Confira o código na tela de quem vende e digite de novo.',
  },
  HANDOFF_CODE_OTHER_MEETING: {
    status: 'BAD_REQUEST',
    title: 'Este código é de outra entrega.',
    description: 'Peça a quem vende o código desta entrega.',
  },
  HANDOFF_ALREADY_CONFIRMED: {
    status: 'CONFLICT',
    title: 'Esta entrega já foi confirmada.',
    description: 'O código vale uma única vez.',
  },
  HANDOFF_TOO_MANY: {
    status: 'TOO_MANY_REQUESTS',
    title: 'Muitos códigos incorretos.',
    description: 'Aguarde alguns minutos e confira o código com quem vende.',
  },
  // Requests the server cannot take, whoever sends them (Express routes and tRPC's own refusals).
  ORIGIN_NOT_ALLOWED: {
    status: 'FORBIDDEN',
    title: 'Origem da requisição não permitida.',
    description: 'Abra o Vupt pelo endereço de sempre e tente novamente.',
  },
  RESOURCE_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Recurso não encontrado.',
    description: 'Confira o endereço e tente novamente.',
  },
  INVALID_REQUEST: {
    status: 'BAD_REQUEST',
    title: 'Requisição inválida.',
    description: 'Atualize a página e tente novamente.',
  },
  REQUEST_TOO_LARGE: {
    status: 'PAYLOAD_TOO_LARGE',
    title: 'Requisição grande demais.',
    description: 'Envie menos dados de uma vez.',
  },
  METHOD_NOT_ALLOWED: {
    status: 'METHOD_NOT_SUPPORTED',
    title: 'Método não permitido para esta operação.',
    description: 'Atualize a página e tente novamente.',
  },
  UNSUPPORTED_REQUEST_FORMAT: {
    status: 'UNSUPPORTED_MEDIA_TYPE',
    title: 'Formato de requisição não suportado.',
    description: 'Atualize a página e tente novamente.',
  },
  UNSUBSCRIBE_LINK_INVALID: {
    status: 'BAD_REQUEST',
    title: 'Link inválido',
    description: 'Este link de descadastro não é válido. Você pode escolher seus e-mails em Minha Conta.',
  },
  // Reviews: earned only by a confirmed hand-off between the two people.
  REVIEW_HANDOFF_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Entrega não encontrada',
    description: 'Só quem concluiu uma entrega confirmada pelo código pode avaliar a outra pessoa.',
  },
  REVIEW_SELF: {
    status: 'BAD_REQUEST',
    title: 'Você não pode avaliar a si mesmo.',
    description: 'Avalie a outra pessoa da entrega.',
  },
  REVIEW_ALREADY_SENT: {
    status: 'CONFLICT',
    title: 'Você já avaliou esta entrega.',
    description: 'Nas primeiras 48 horas você pode editar a sua avaliação.',
  },
  REVIEW_WINDOW_CLOSED: {
    status: 'BAD_REQUEST',
    title: 'O prazo para avaliar esta entrega acabou.',
    description: 'Uma entrega pode ser avaliada até 14 dias depois de confirmada.',
  },
  REVIEW_EDIT_CLOSED: {
    status: 'BAD_REQUEST',
    title: 'Esta avaliação não pode mais ser editada.',
    description: 'Uma avaliação pode ser editada nas primeiras 48 horas depois de enviada.',
  },
  REVIEW_NOT_FOUND: {
    status: 'NOT_FOUND',
    title: 'Avaliação não encontrada',
    description: 'Ela pode ter sido removida.',
  },
  REVIEW_REPLY_NOT_ALLOWED: {
    status: 'FORBIDDEN',
    title: 'Só quem foi avaliado pode responder.',
    description: 'A resposta pública é de quem recebeu a avaliação.',
  },
  REVIEW_REPLY_ALREADY_SENT: {
    status: 'CONFLICT',
    title: 'Você já respondeu a esta avaliação.',
    description: 'Cada avaliação aceita uma única resposta pública.',
  },
} as const satisfies Record<string, { status: RefusalStatus; title: string; description: string }>

export type AppErrorCode = keyof typeof APP_ERRORS
