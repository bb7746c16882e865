#pragma once

#include "core/model/search.h"

namespace berth {

class SqlSession;

// A search over every model in the store, in the transaction of `sql`: one
// statement for each kind the query asks for, each stopping one row past
// `limit`.
class SearchRows
{
public:
    explicit SearchRows(SqlSession &sql)
        : m_sql(sql)
    {}

    // What `query` finds, at most `limit` of each kind.
    SearchResult find(const SearchQuery &query, int limit);

private:
    SqlSession &m_sql;
};

} // namespace berth
