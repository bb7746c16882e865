#include "providers/tls/httpsclient.h"

#include "core/berthmodule.h"
#include "core/cloud/provider.h"

namespace berth {

QByteArray HttpsClient::Reply::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

bool HttpsClient::Reply::refused(const Request &request) const
{
    return request.pinned && !presented.isEmpty() && presented != request.pinnedSha256;
}

std::unique_ptr<HttpsClient> HttpsClient::open(ProviderError *error)
{
    QString missing;
    const auto open = BerthModule::resolve<OpenHttpsClient>(QStringLiteral("berth-https"),
                                                            openHttpsClientSymbol, &missing);
    if (!open) {
        if (error)
            *error = ProviderError::failed(
                ProviderError::Kind::Permanent,
                QStringLiteral("Berth's HTTPS module cannot be loaded (%1); reinstall Berth")
                    .arg(missing));
        return {};
    }
    return std::unique_ptr<HttpsClient>(open());
}

} // namespace berth
