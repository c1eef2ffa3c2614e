/** A city as every screen writes it: "Campinas - SP"; empty when the name or the state is missing. */
export function formatCity(name: string | null | undefined, uf: string | null | undefined): string {
  return name && uf ? `${name} - ${uf}` : '';
}
