// The crew's writes, made together on one connection (pass.h: Recorder).
#include "core/provisioning/pass.h"

#include "core/store/machinelife.h"

namespace berth {

struct Provisioner::Pass::Recorder::Request
{
    const std::function<void(ModelTx &)> &fn;
    std::exception_ptr failed;
    bool answered = false;
};

Provisioner::Pass::Recorder::Recorder(Pass &pass, QString warm)
    : m_pass(pass)
    , m_warm(std::move(warm))
    , m_thread(QThread::create([this] { run(); }))
{}

Provisioner::Pass::Recorder::~Recorder()
{
    {
        QMutexLocker lock(&m_mutex);
        m_stopping = true;
        m_asked.wakeAll();
    }
    m_thread->wait();
}

void Provisioner::Pass::Recorder::connect()
{
    QMutexLocker lock(&m_mutex);
    if (!std::exchange(m_started, true))
        m_thread->start();
}

void Provisioner::Pass::Recorder::writeErased(const std::function<void(ModelTx &)> &fn)
{
    connect();
    Request request{fn, {}};
    QMutexLocker lock(&m_mutex);
    m_queue << &request;
    m_asked.wakeAll();
    while (!request.answered)
        m_answered.wait(&m_mutex);
    if (request.failed)
        std::rethrow_exception(request.failed);
}

void Provisioner::Pass::Recorder::answer(const QList<Request *> &batch)
{
    QMutexLocker lock(&m_mutex);
    for (Request *request : batch)
        request->answered = true;
    m_answered.wakeAll();
}

void Provisioner::Pass::Recorder::run()
{
    // A connection that cannot open fails every write asked of it, with why.
    std::exception_ptr unopened;
    std::optional<Store> store;
    std::optional<Workspace> ws;
    try {
        store.emplace(m_pass.m_p.m_location);
        ws.emplace(*store, m_pass.m_p.m_clouds);
        ws->setReachesDyingModels(true);
        if (!m_warm.isEmpty()) {
            // The reads and writes of a start's record, planned before the
            // first one waits on them.
            ws->readModel(m_pass.m_p.m_model, [&](ModelTx &tx) { tx.machines().find(m_warm); });
            MachineLife::primeStarts(*store);
        }
        m_store = &*store;
    } catch (...) {
        unopened = std::current_exception();
    }
    for (;;) {
        QList<Request *> batch;
        {
            QMutexLocker lock(&m_mutex);
            while (m_queue.isEmpty() && !m_stopping)
                m_asked.wait(&m_mutex);
            if (m_queue.isEmpty())
                break;
            batch.swap(m_queue);
        }
        if (unopened) {
            for (Request *request : std::as_const(batch))
                request->failed = unopened;
            answer(batch);
            continue;
        }
        try {
            ws->inModelJoined(m_pass.m_p.m_model, [&](ModelTx &tx) {
                for (Request *request : std::as_const(batch)) {
                    request->failed = {}; // the transaction may run again
                    try {
                        store->attempt([&](SqlSession &) { request->fn(tx); });
                    } catch (...) {
                        request->failed = std::current_exception();
                    }
                }
            });
        } catch (...) {
            // Not committed: none of it holds.
            for (Request *request : std::as_const(batch))
                request->failed = std::current_exception();
        }
        answer(batch);
    }
    m_store = nullptr;
}

} // namespace berth
