import type { ListResource } from '../../src/database/list-schema/v1/index.js';

/** The cities a company's search words and city order read (reference data: its changes are not followed). */
const CITY = { via: 'city_id', table: 'cities', key: 'city_id', columns: ['name', 'code'] };

/**
 * The app's three lists declared for the list schema builders, as the shipped migrations made them
 * (KeptCounts, SearchOwnedByDatabase, SearchWalkIndex, ContactsSearch, ListSorts). With a `prefix` the same
 * declarations name twin tables (`twin_enterprises`...), which the builders' test compares with the real ones.
 */
export function appListResources(prefix = ''): ListResource[] {
  const enterprises = `${prefix}enterprises`;
  return [
    {
      table: enterprises,
      key: 'enterprise_id',
      status: 'ativo',
      registeredAt: 'created_at',
      search: [
        {
          column: 'search_text',
          length: 800,
          words: ['razao', 'fantasia', 'bairro', CITY],
          documents: [
            { column: 'cnpj', endings: 11 },
            { column: 'inscricao_estadual', endings: 11 },
          ],
        },
        // The users' search box matches their company's names.
        { column: 'name_search', length: 310, words: ['fantasia', 'razao'] },
      ],
      sorts: [
        { column: 'sort_name', length: 150, from: ['fantasia'] },
        { column: 'city_sort', length: 120, lookup: CITY },
      ],
      orders: ['sort_name', 'cnpj', 'city_sort'],
    },
    {
      table: `${prefix}app_users`,
      key: 'user_id',
      status: 'status',
      registeredAt: 'date_added',
      counts: {
        perParent: [
          {
            column: 'enterprise_id',
            parent: { table: enterprises, key: 'enterprise_id' },
            table: `${prefix}enterprise_user_counts`,
            without: `${prefix}app_users.no_enterprise`,
          },
        ],
      },
      search: [{ column: 'search_text', length: 600, words: ['firstname', 'lastname', 'email'], documents: [{ column: 'cpf', endings: 8 }] }],
      sorts: [
        { column: 'sort_name', length: 201, from: ['firstname', 'lastname'] },
        {
          column: 'enterprise_sort',
          length: 150,
          lookup: { via: 'enterprise_id', table: enterprises, key: 'enterprise_id', columns: ['sort_name'] },
          follows: true,
        },
      ],
      orders: ['sort_name', 'email', 'enterprise_sort', 'date_added'],
      walk: { order: 'date_added', covers: ['enterprise_id'], search: 'search_text' },
    },
    {
      table: `${prefix}contacts`,
      key: 'id',
      status: 'status',
      registeredAt: 'created_at',
      search: [{ column: 'search_text', length: 400, words: ['nome', 'email'], documents: [{ column: 'telefone', endings: 8 }] }],
      orders: ['created_at', 'responded_at'],
    },
  ];
}
