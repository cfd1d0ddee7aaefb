import type { MainCategorySlug } from '../../shared/domain'

/** Base data every installation has: the communities, the three main categories and their subcategories. */

export const SEED_COMMUNITIES = [
  {
    slug: 'univille',
    name: 'Univille',
    universityName: 'Univille',
    emailDomain: 'univille.br',
    active: true,
    primaryColor: '#0b5fa5',
    secondaryColor: '#f59e0b',
    timeZone: 'America/Sao_Paulo',
  },
  {
    slug: 'udesc',
    name: 'UDESC',
    universityName: 'Universidade do Estado de Santa Catarina',
    emailDomain: 'edu.udesc.br',
    active: false,
    primaryColor: '#00713b',
    secondaryColor: '#f2b705',
    timeZone: 'America/Sao_Paulo',
  },
  {
    slug: 'ufsc',
    name: 'UFSC',
    universityName: 'Universidade Federal de Santa Catarina',
    emailDomain: 'grad.ufsc.br',
    active: false,
    primaryColor: '#004b8d',
    secondaryColor: '#e94e1b',
    timeZone: 'America/Sao_Paulo',
  },
] as const

export const SEED_MAIN_CATEGORIES: {
  slug: MainCategorySlug
  name: string
  description: string
  icon: string
  subcategories: { name: string; icon: string; description: string }[]
}[] = [
  {
    slug: 'criacoes',
    name: 'Criações',
    description: 'Arte, design e projetos próprios feitos por estudantes.',
    icon: '🎨',
    subcategories: [
      { name: 'Arte e ilustração', icon: '🖌️', description: 'Quadros, desenhos, prints e encomendas.' },
      { name: 'Artesanato', icon: '🧶', description: 'Crochê, bordado, cerâmica e peças feitas à mão.' },
      { name: 'Design gráfico', icon: '🎯', description: 'Logotipos, identidade visual e artes digitais.' },
      { name: 'Fotografia', icon: '📷', description: 'Ensaios, fotos impressas e cobertura de eventos.' },
      { name: 'Moda e acessórios', icon: '👜', description: 'Roupas, bijuterias e acessórios autorais.' },
      {
        name: 'Projetos e protótipos',
        icon: '🛠️',
        description: 'Eletrônica, impressão 3D e projetos de curso.',
      },
    ],
  },
  {
    slug: 'servicos',
    name: 'Serviços',
    description: 'Aulas, edição, consultoria e outros serviços entre estudantes.',
    icon: '🤝',
    subcategories: [
      { name: 'Aulas particulares', icon: '📚', description: 'Reforço, monitoria e preparação para provas.' },
      { name: 'Revisão e formatação', icon: '📝', description: 'Revisão de textos, ABNT e TCC.' },
      {
        name: 'Edição de vídeo e foto',
        icon: '🎬',
        description: 'Edição, legendas e tratamento de imagens.',
      },
      { name: 'Programação', icon: '💻', description: 'Sites, sistemas, automações e suporte técnico.' },
      { name: 'Idiomas', icon: '🌎', description: 'Conversação, tradução e aulas de línguas.' },
      { name: 'Consultoria', icon: '💡', description: 'Currículo, carreira, finanças e planejamento.' },
    ],
  },
  {
    slug: 'desapegos',
    name: 'Desapegos',
    description: 'Livros, equipamentos e materiais de segunda mão.',
    icon: '♻️',
    subcategories: [
      { name: 'Livros e apostilas', icon: '📖', description: 'Livros didáticos, literatura e apostilas.' },
      { name: 'Eletrônicos', icon: '🎧', description: 'Notebooks, calculadoras, fones e acessórios.' },
      { name: 'Materiais de curso', icon: '📐', description: 'Jalecos, instrumentos e kits de laboratório.' },
      { name: 'Móveis e casa', icon: '🪑', description: 'Móveis, utensílios e itens para república.' },
      { name: 'Roupas', icon: '👕', description: 'Roupas e calçados em bom estado.' },
      { name: 'Outros desapegos', icon: '📦', description: 'Tudo o que não se encaixa nas outras.' },
    ],
  },
]

/** Weekdays as WEEKDAY_BITS (shared/deals.ts) add up: Monday to Friday is 31, to Saturday 63. */
const MONDAY_TO_FRIDAY = 31
const MONDAY_TO_SATURDAY = 63

/**
 * Hand-off spots a community starts with, by slug: places only, with no claim about security, and hours
 * the admins confirm (the spots page asks them to) in "Pontos de encontro".
 */
export const SEED_MEETING_SPOTS: Record<
  string,
  { name: string; description: string; opensAt: string; closesAt: string; weekdays: number }[]
> = {
  univille: [
    {
      name: 'Hall da Biblioteca Central',
      description: 'Entrada principal da Biblioteca Central, ao lado do balcão de empréstimos.',
      opensAt: '08:00',
      closesAt: '21:30',
      weekdays: MONDAY_TO_SATURDAY,
    },
    {
      name: 'Entrada do Bloco A',
      description: 'Portaria do Bloco A, perto da recepção e das catracas.',
      opensAt: '07:30',
      closesAt: '22:00',
      weekdays: MONDAY_TO_SATURDAY,
    },
    {
      name: 'Praça de alimentação',
      description: 'Mesas da cantina central, de frente para o caixa.',
      opensAt: '08:00',
      closesAt: '20:00',
      weekdays: MONDAY_TO_FRIDAY,
    },
    {
      name: 'Estacionamento principal (guarita)',
      description: 'Em frente à guarita do estacionamento principal.',
      opensAt: '07:00',
      closesAt: '22:30',
      weekdays: MONDAY_TO_SATURDAY,
    },
  ],
}
