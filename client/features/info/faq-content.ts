import { routes } from '@shared/routes'
export type FaqItem = {
  /** Stable id, used as the accordion value and in the DOM. */
  id: string
  question: string
  answer: string
  /** An optional follow-up link shown under the answer (not searched). */
  action?: { label: string; href: string }
}

export type FaqGroup = {
  id: string
  title: string
  items: FaqItem[]
}

export const faqGroups: FaqGroup[] = [
  {
    id: 'compradores',
    title: 'Compradores',
    items: [
      {
        id: 'como-comprar',
        question: 'Como faço para comprar pelo Vupt?',
        answer:
          'Encontre o que procura no Portal de Vendas, abra o anúncio e envie uma mensagem para quem está vendendo. Pelo chat, você pode "Fazer uma oferta" e, em "Combinar entrega", vocês escolhem um ponto de encontro seguro do campus e o horário. O Vupt não intermedeia pagamentos: a negociação é feita diretamente entre estudantes, e o pagamento, com o item em mãos.',
      },
      {
        id: 'ofertas',
        question: 'Como funciona "Fazer uma oferta"?',
        answer:
          'Cada anúncio que vocês negociam é um negócio dentro da mesma conversa, escolhido no alto dela, com a sua oferta, a sua entrega e o seu código. Quem compra propõe um valor; quem vende aceita, recusa ou faz uma contraproposta, e só a oferta mais recente de cada negócio fica aberta. Para levar vários anúncios da mesma pessoa de uma vez, toque em "Juntar anúncios" e faça uma só oferta por todos: aceitar reserva todos, uma entrega e um código confirmam todos, e cada um fica vendido. Uma oferta sem resposta expira em 48 horas, e ela se encerra sozinha se um anúncio dela for vendido, pausado ou removido, dizendo qual. Aceitar uma oferta não muda o preço público do anúncio: é um acordo entre vocês dois.',
      },
      {
        id: 'reservado',
        question: 'O que quer dizer "Reservado"?',
        answer:
          'Depois de aceitar uma oferta ou de combinar a entrega, quem vende pode reservar o anúncio para quem compra. Ele continua no portal com o selo "Reservado", e outras pessoas ainda podem favoritá-lo e perguntar se podem ser as próximas. A reserva acaba sozinha quando a entrega combinada é cancelada ou expira, ou 72 horas depois da oferta aceita sem entrega combinada, e o anúncio volta a ser só "Ativo".',
      },
      {
        id: 'combinar-entrega',
        question: 'Como combino a entrega?',
        answer:
          'Na conversa, escolha o negócio, toque em "Combinar entrega", escolha um dos pontos de encontro seguros que a sua comunidade mantém no campus (como o hall da biblioteca) e sugira de um a três horários dentro do funcionamento do local, de 30 minutos a 14 dias à frente. A outra pessoa escolhe um dos horários ou propõe outros. A entrega combinada fica fixada no alto da conversa e em "Minhas entregas", com o link "Adicionar à agenda", e os dois recebem um lembrete uma hora antes. Qualquer um pode cancelar informando o motivo. Depois de uma entrega confirmada, vocês podem combinar outra na hora, para outro anúncio.',
      },
      {
        id: 'codigo-entrega',
        question: 'Para que serve o código na hora da entrega?',
        answer:
          'Ele confirma que a entrega aconteceu. No encontro, a tela de quem vende mostra um código curto e um QR code; depois de conferir o item, quem compra lê o QR code ou digita o código. O QR code é um link: o app de câmera de qualquer celular (iPhone ou Android) abre o Vupt na página da entrega com o código preenchido, e quem ainda não entrou na conta entra primeiro e volta para ela. No próprio Vupt, "Ler QR code com a câmera" funciona no Chrome, no Safari e no Firefox; se o navegador não abrir a câmera, use o app de câmera do celular ou digite o código. O código vale só para aquele encontro e uma única vez. Com a entrega confirmada, os dois são avisados e quem vende pode marcar o anúncio como vendido. Uma entrega não confirmada até 24 horas depois do horário combinado expira sem avisos.',
      },
      {
        id: 'avaliacoes',
        question: 'Como funcionam as avaliações?',
        answer:
          'Só quem concluiu uma entrega confirmada pelo código pode avaliar: cada um dos dois avalia o outro uma vez, com 1 a 5 estrelas e um comentário opcional, em até 14 dias depois da entrega. A avaliação pode ser editada nas primeiras 48 horas, e quem foi avaliado pode publicar uma resposta. Ninguém avalia a si mesmo nem quem bloqueou ou foi bloqueado. O perfil mostra as últimas avaliações, o número de entregas confirmadas como vendedor e a média, que só aparece (também nos anúncios) a partir de 3 avaliações. Para que ninguém fabrique uma reputação com um amigo, só uma avaliação de cada pessoa sobre a mesma pessoa a cada 30 dias conta na média, por mais negócios que as duas fechem; as outras aparecem no perfil, sem mudar a média. Quem tem as entregas confirmadas quase sempre com as mesmas poucas pessoas é revisto pela moderação. Uma avaliação ofensiva ou falsa pode ser denunciada, também por quem foi avaliado, e a moderação pode removê-la.',
      },
      {
        id: 'o-que-e-vupt',
        question: 'O que é um Vupt?',
        answer:
          'É a forma de mostrar que você curtiu um anúncio, e quem vende fica sabendo. Cada anúncio mostra quantos Vupts recebeu: com 10 ele ganha o selo "Em alta!" e com 50, o selo "Destaque!". No portal, a ordem "Mais Vupts" mostra primeiro os mais curtidos. Já os favoritos são uma lista só sua, para acompanhar os anúncios que você quer ver de novo.',
      },
      {
        id: 'eventos',
        question: 'Como participo de um evento?',
        answer:
          'Na página de Eventos, escolha um evento e confirme sua participação. Alguns eventos têm vagas limitadas, então vale garantir a sua cedo. Você também pode propor o seu próprio evento: ele é publicado depois de aprovado pela moderação. Na porta, quem organiza faz o check-in lendo o QR code do ingresso com a câmera no Vupt (Chrome, Safari ou Firefox) ou digitando o código.',
      },
    ],
  },
  {
    id: 'vendedores',
    title: 'Vendedores',
    items: [
      {
        id: 'como-anunciar',
        question: 'Como publico um anúncio?',
        answer:
          'Toque em Anunciar, adicione boas fotos, um título claro, a descrição, o preço e a condição do item (novo, seminovo ou usado). Escolha a categoria certa, Criações, Serviços ou Desapegos, para que o anúncio seja encontrado com facilidade.',
      },
      {
        id: 'vender-servicos',
        question: 'Posso oferecer serviços, e não só vender objetos?',
        answer:
          'Sim. Aulas particulares, monitorias, design, fotografia, revisão de textos e outros serviços entram na categoria Serviços. Descreva bem o que está incluído e como o atendimento funciona.',
      },
      {
        id: 'integridade-academica',
        question: 'O que não pode ser anunciado nem pedido no Vupt?',
        answer:
          'O que a universidade proíbe: fazer o TCC, a monografia ou os trabalhos de outra pessoa (inclusive "trabalhos prontos"), vender respostas ou gabaritos de provas, fazer a prova por alguém e assinar a lista de presença ou responder à chamada no lugar de outra pessoa. Anúncios e pedidos do Procura-se com essas ofertas são recusados na hora, com o motivo. Aulas particulares, monitoria, revisão de texto e formatação ABNT são permitidas: o anúncio é publicado e a moderação confere que o serviço é ensinar ou revisar, não fazer o trabalho por você. Livros e materiais sobre TCC e metodologia podem ser vendidos normalmente. As regras são de cada comunidade, mantidas pelos administradores.',
      },
      {
        id: 'curso-e-isbn',
        question: 'Para que servem o curso, as disciplinas e o ISBN no anúncio?',
        answer:
          'São opcionais e ajudam quem precisa do que você vende a encontrar o anúncio. Escolha o curso (o seu já vem sugerido) e até 5 disciplinas dele: o anúncio aparece em "Do meu curso" para quem estuda aquele curso, no filtro de curso do Portal de Vendas e na busca pelo nome ou pelo código da disciplina. Para livros, informe o ISBN, o número do código de barras, com 10 ou 13 dígitos, com ou sem hífens: o Vupt confere os dígitos e quem buscar pelo ISBN acha o livro. A lista de cursos e disciplinas é da sua universidade, mantida pelos administradores da comunidade.',
      },
      {
        id: 'editar-anuncio',
        question: 'Posso editar meu anúncio ou marcá-lo como vendido?',
        answer:
          'Sim. Em Meus Produtos você encontra seus anúncios e, em cada um, pode editar as informações e mudar o status: Inativo tira o anúncio do ar por um tempo, Vendido é para quando você fechar negócio, e Ativo o coloca de volta no portal enquanto está no prazo. Um anúncio expirado (depois de 60 dias no ar) volta com Renovar, e um pausado porque você ficou como egresso volta quando você confirma o e-mail institucional. Se a moderação remover um anúncio, o motivo aparece ali e você recebe uma notificação e um e-mail.',
      },
    ],
  },
  {
    id: 'conta',
    title: 'Conta',
    items: [
      {
        id: 'quem-pode-usar',
        question: 'Quem pode usar o Vupt?',
        answer:
          'O Vupt é uma comunidade fechada: só estudantes da universidade participam. O cadastro é feito com o seu e-mail institucional, e cada nova conta passa por uma verificação antes de ser liberada.',
      },
      {
        id: 'aprovacao',
        question: 'Quanto tempo demora a aprovação da minha conta?',
        answer:
          'A aprovação de novas contas normalmente leva de 24 a 48 horas. Antes, confirme o seu e-mail pelo link que enviamos. Quando a conta for aprovada, avisamos por e-mail e a tela de espera se abre sozinha, sem precisar recarregar.',
      },
      {
        id: 'esqueci-senha',
        question: 'Esqueci minha senha. Como recupero o acesso?',
        answer:
          'Na tela de login, toque em "Esqueceu a senha?" e informe o seu e-mail. Enviaremos um link para você criar uma nova senha. Se a mensagem não chegar em alguns minutos, confira a caixa de spam.',
        action: { label: 'Ir para o login', href: routes.auth() },
      },
      {
        id: 'chave-de-acesso',
        question: 'O que é uma chave de acesso e como entro com ela?',
        answer:
          'A chave de acesso (passkey) substitui a senha: você entra com o desbloqueio do seu aparelho (PIN, digital ou rosto), e ela vale pelas duas etapas, sem o código do app autenticador. Para criar uma, vá em Minha Conta → Segurança e privacidade, confirme sua senha e toque em "Adicionar chave de acesso". Depois, na aba Entrar, toque em "Entrar com chave de acesso" ou escolha a chave nas sugestões do campo de e-mail. O Vupt guarda só a parte pública da chave; a parte secreta nunca sai do seu aparelho ou do seu gerenciador de senhas. Na mesma página você vê quando cada chave foi usada e pode removê-la.',
        action: { label: 'Ir para Segurança e privacidade', href: routes.security() },
      },
      {
        id: 'notificacoes-no-celular',
        question: 'Como recebo avisos com o Vupt fechado?',
        answer:
          'Toque no sino e em "Ativar notificações neste aparelho", ou vá a Minha Conta → Notificações; o navegador pede permissão só depois do seu toque. Por padrão chegam novas mensagens, ofertas, mudanças e lembretes de entrega, entrega confirmada e vaga liberada na lista de espera; o resto você liga por tipo, e "Mostrar prévia" decide se o texto aparece na tela de bloqueio (desligado para o chat). No Android e no computador funciona no Chrome, Edge, Firefox, Samsung Internet e Opera; no Mac, no Safari 16 ou mais novo. No iPhone e no iPad (iOS 16.4 ou mais novo), adicione o Vupt à Tela de Início pelo botão Compartilhar do Safari e ative pelo app instalado. Ao sair da conta, o aparelho deixa de receber.',
        action: { label: 'Ir para Minha Conta', href: routes.myAccount() },
      },
      {
        id: 'excluir-conta',
        question: 'Como excluo minha conta?',
        answer:
          'Em Minha Conta → Segurança e privacidade, use "Excluir minha conta" e confirme a sua senha. A exclusão é imediata: seu perfil, anúncios, eventos, pedidos do Procura-se, favoritos, Vupts, presenças, bloqueios e avaliações (as que você fez e as que recebeu) são apagados na hora; suas vagas em eventos passam para a lista de espera, e entregas combinadas e ofertas em aberto são canceladas, com um aviso para a outra pessoa. Ficam, como de "Conta removida": as mensagens que você enviou (sem as fotos), as entregas e ofertas passadas na conversa da outra pessoa e as denúncias que você fez, com a moderação. Os registros de acesso (data, hora e IP) ficam guardados por seis meses, como a lei exige, e depois são apagados. Antes, você pode baixar uma cópia dos seus dados na mesma página.',
        action: { label: 'Ir para Segurança e privacidade', href: routes.security() },
      },
    ],
  },
  {
    id: 'seguranca',
    title: 'Segurança',
    items: [
      {
        id: 'denunciar',
        question: 'Como denuncio um anúncio ou um usuário?',
        answer:
          'Use "Denunciar" no anúncio, no perfil ou na própria mensagem do chat, escolha o motivo e, se quiser, conte o que aconteceu. A moderação analisa cada denúncia em até 24 horas e a pessoa denunciada nunca fica sabendo quem denunciou. Você acompanha o andamento em Minha Conta e recebe uma notificação com o resultado.',
        action: { label: 'Ver minhas denúncias', href: `${routes.myAccount()}#denuncias` },
      },
      {
        id: 'bloquear',
        question: 'Como bloqueio alguém?',
        answer:
          'No perfil da pessoa ou no topo da conversa, toque em "Bloquear". A partir daí, vocês não conseguem trocar mensagens e deixam de ver os anúncios e o perfil um do outro. A pessoa bloqueada não recebe nenhum aviso. Para desfazer, use a lista de pessoas bloqueadas em Minha Conta.',
      },
      {
        id: 'negociacao-segura',
        question: 'Que cuidados de segurança devo ter ao negociar?',
        answer:
          'Combine os encontros em locais movimentados do campus e durante o dia e pague só com o item em mãos: nunca faça Pix antes de se encontrarem. Nunca passe códigos de verificação recebidos por SMS, WhatsApp ou e-mail, e não pague nem informe dados em links de pagamento ou de frete enviados pelo chat. Desconfie de quem pede para continuar a conversa fora do Vupt logo de cara. Quando uma mensagem parece golpe, o Vupt mostra um aviso logo abaixo dela. Mantenha a conversa no chat, assim há um registro caso algo dê errado, e denuncie o que parecer suspeito.',
      },
      {
        id: 'dados',
        question: 'Quem pode ver os meus dados?',
        answer:
          'Somente estudantes aprovados da sua comunidade veem o seu perfil público, com nome, curso e anúncios. O seu e-mail e a sua senha nunca são exibidos, e as conversas do chat são visíveis apenas para quem participa delas.',
      },
      {
        id: 'registros-de-acesso',
        question: 'O Vupt guarda registros dos meus acessos?',
        answer:
          'Sim, porque a lei exige (Marco Civil da Internet, art. 15): a data, a hora e o endereço IP de cada login e do uso de cada sessão (no máximo um registro por sessão a cada hora) ficam guardados em sigilo por seis meses e depois são apagados automaticamente. Moderadores não têm acesso a eles; só são entregues por ordem judicial. Você encontra os seus na exportação de dados, em Minha Conta.',
      },
    ],
  },
]
