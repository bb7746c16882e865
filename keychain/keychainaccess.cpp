#include "keychain/keychainaccess.h"

#include <QEventLoop>

#include <qt6keychain/keychain.h>

#include <memory>
#include <type_traits>

namespace berth {

extern "C" Q_DECL_EXPORT void berth_keychain_run(const KeychainAccess::Request &request,
                                                 KeychainAccess::Reply &reply)
{
    static_assert(std::is_same_v<decltype(&berth_keychain_run), KeychainAccess::Run>);
    using KeychainAccess::Op;
    using KeychainAccess::Outcome;
    std::unique_ptr<QKeychain::Job> job;
    switch (request.op) {
    case Op::Read:
        job = std::make_unique<QKeychain::ReadPasswordJob>(request.service);
        break;
    case Op::Write: {
        auto write = std::make_unique<QKeychain::WritePasswordJob>(request.service);
        write->setBinaryData(request.value);
        job = std::move(write);
        break;
    }
    case Op::Remove:
        job = std::make_unique<QKeychain::DeletePasswordJob>(request.service);
        break;
    }
    job->setAutoDelete(false);
    job->setKey(request.key);
    QEventLoop loop;
    QObject::connect(job.get(), &QKeychain::Job::finished, &loop, &QEventLoop::quit);
    job->start();
    loop.exec();
    switch (job->error()) {
    case QKeychain::NoError:
        reply.outcome = Outcome::Done;
        if (request.op == Op::Read)
            reply.value = static_cast<QKeychain::ReadPasswordJob *>(job.get())->binaryData();
        return;
    case QKeychain::EntryNotFound:
        reply.outcome = Outcome::NotFound;
        return;
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
    case QKeychain::OtherError:
        reply.outcome = Outcome::NoKeychain;
        return;
    case QKeychain::CouldNotDeleteEntry:
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied:
        break;
    }
    reply.outcome = Outcome::Refused;
    reply.error = job->errorString();
}

} // namespace berth
