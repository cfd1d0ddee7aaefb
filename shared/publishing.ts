/**
 * Who may publish (decision 0043). An egresso, a member who let a semester's confirmation of their
 * institutional e-mail pass, keeps reading, talking in the conversations they have and finishing what is
 * under way, but publishes nothing until they confirm it again: no listing going live or edited, no
 * Procura-se post, no event, no new conversation, no offer or counter-offer, no meeting proposal, no
 * review or reply, no new text or photo on the profile. The server refuses by this rule
 * (assertMayPublish) and the app disables what the server would refuse, with the reason below.
 */
export function mayPublish(standing: { alumniSince: Date | string | null }): boolean {
  return standing.alumniSince === null
}

/** Why publishing is closed, and the way back, for a member of `communityName`. */
export function publishingClosedReason(communityName: string): string {
  return `Confirme seu e-mail da ${communityName} para voltar a publicar.`
}
