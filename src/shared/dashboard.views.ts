// What GET /api/admin/dashboard answers: pure types, read by the server and the dashboard page.

export interface DashboardData {
  cards: { usuariosAtivos: number; empresasAtivas: number; contatosPendentes: number };
  /** The 8 companies with most users, then 'Outros', then 'Sem empresa' (only the slices that are not empty). */
  usuariosPorEmpresa: { name: string; total: number }[];
  /** Sign-ups per day over the last 30 days (São Paulo), oldest first, 0 on days without any. */
  cadastros: { usuarios: { date: string; total: number }[]; empresas: { date: string; total: number }[] };
}
